// /account/setup/*: the side step list (Company Info ... Company Formation), the progress bar
// "n steps completed out of 5", and the current step. Steps beyond the highest reached one are
// shown but cannot be opened (000 §2.6, §4.2).
import { Box, Card, Grid, Progress, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useOutletContext, useParams } from 'react-router-dom';
import { KYB_STEPS, type KybAccount, type KybStepForm } from '@owo/contract';
import { FullPageLoader } from '../../../components/page-states';
import { QueryError } from '../../../components/query-error';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { useKyb, useKybForm } from '../api';
import { canOpenStep, setupProgress } from './kyb-nav';

export type SetupContext = { kyb: KybAccount; steps: KybStepForm[] };
export const useSetupContext = () => useOutletContext<SetupContext>();

export function SetupLayout() {
  const { t } = useTranslation('accounts');
  const kyb = useKyb();
  const form = useKybForm();
  const navigate = useNavigate();
  const current = useParams().step;
  if (kyb.isPending || form.isPending) return <FullPageLoader />;
  if (kyb.isError) return <QueryError error={kyb.error} onRetry={() => void kyb.refetch()} />;
  if (form.isError) return <QueryError error={form.error} onRetry={() => void form.refetch()} />;
  const { maxStep } = kyb.data.progress;
  const progress = setupProgress(maxStep);
  const steps = [...form.data].sort((a, b) => a.order - b.order);

  return (
    <Box maw={1120} mx="auto">
      <PageHeader title={t('kyb.title')} description={t('kyb.subtitle')} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card>
            <Text size="sm" fw={600} mb={6} data-testid="setup-progress">
              {t('kyb.progress', { done: progress.done, total: progress.total })}
            </Text>
            <Progress
              value={progress.percent}
              size="sm"
              radius="xl"
              mb="lg"
              aria-label={t('kyb.progress', { done: progress.done, total: progress.total })}
            />
            <Stack gap={4} component="nav" aria-label={t('kyb.steps')}>
              {steps.map((s) => {
                const index = KYB_STEPS.indexOf(s.step);
                const done = index < maxStep;
                const open = canOpenStep(s.step, maxStep);
                const active = current === s.step;
                return (
                  <UnstyledButton
                    key={s.step}
                    disabled={!open}
                    aria-current={active ? 'step' : undefined}
                    onClick={() => navigate(paths.account.setupStep.href({ step: s.step }))}
                    p="sm"
                    style={{
                      borderRadius: 8,
                      display: 'flex',
                      alignItems: 'center',
                      gap: 12,
                      background: active ? 'var(--mantine-color-owo-0)' : undefined,
                      opacity: open ? 1 : 0.5,
                      cursor: open ? 'pointer' : 'not-allowed',
                    }}
                  >
                    <ThemeIcon
                      size={28}
                      radius="xl"
                      variant={done ? 'filled' : active ? 'light' : 'default'}
                      color="owo"
                    >
                      <Text size="xs" fw={700}>
                        {done ? '✓' : index + 1}
                      </Text>
                    </ThemeIcon>
                    <Text size="sm" fw={active ? 650 : 500}>
                      {s.title}
                    </Text>
                  </UnstyledButton>
                );
              })}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Outlet context={{ kyb: kyb.data, steps } satisfies SetupContext} />
        </Grid.Col>
      </Grid>
    </Box>
  );
}
