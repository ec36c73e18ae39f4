// /account/setup/operations: everything entered, step by step, before the setup is closed at
// /account/setup/success. Reachable once all five steps are done.
import { Anchor, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { KYB_STEP_TITLES, type KybAccount, type KybStep } from '@owo/contract';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { firstIncompleteStep } from './kyb-nav';
import { useSetupContext } from './setup-layout';

const row = (label: string, value: string | null | undefined) => ({ label, value: value || '—' });

function sections(kyb: KybAccount): { step: KybStep; rows: { label: string; value: string }[] }[] {
  const i = kyb.info;
  const c = kyb.contact;
  return [
    {
      step: 'info',
      rows: [
        row('Legal name', i?.legalName),
        row('Trading name', i?.tradingName),
        row('Registration number', i?.registrationNumber),
        row('Date of incorporation', i ? formatDate(i.incorporationDate) : null),
        row('Industry', i?.industry),
      ],
    },
    { step: 'bvn', rows: [row("Director's BVN", kyb.bvn?.bvn)] },
    {
      step: 'contact',
      rows: [
        row('Email', c?.email),
        row('Phone', c?.phone),
        row('Address', c ? `${c.address}, ${c.city}, ${c.state}` : null),
      ],
    },
    { step: 'ownership', rows: kyb.ownership.owners.map((o) => row(o.name, `${o.share}% · BVN ${o.bvn}`)) },
    {
      step: 'documents',
      rows: Object.entries(kyb.documents ?? {})
        .filter(([, v]) => !!v)
        .map(([k, v]) =>
          row(
            k.replace(/([A-Z])/g, ' $1').replace(/^./, (s) => s.toUpperCase()),
            v?.originalName,
          ),
        ),
    },
  ];
}

export function ReviewScreen() {
  const { t } = useTranslation('accounts');
  const { kyb } = useSetupContext();
  if (!kyb.progress.isComplete)
    return (
      <Navigate
        to={paths.account.setupStep.href({ step: firstIncompleteStep(kyb.progress.maxStep) })}
        replace
      />
    );
  return (
    <Card p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={3}>{t('kyb.review.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('kyb.review.text')}
          </Text>
        </div>
        {sections(kyb).map((s, idx) => (
          <Stack key={s.step} gap="xs">
            {idx > 0 && <Divider />}
            <Group justify="space-between">
              <Text fw={650}>{KYB_STEP_TITLES[s.step]}</Text>
              <Anchor component={Link} to={paths.account.setupStep.href({ step: s.step })} size="sm">
                {t('kyb.review.edit')}
              </Anchor>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              {s.rows.map((r) => (
                <div key={r.label}>
                  <Text size="xs" c="dimmed">
                    {r.label}
                  </Text>
                  <Text size="sm">{r.value}</Text>
                </div>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button component={Link} to={paths.account.setupSuccess.path}>
            {t('kyb.review.finish')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
