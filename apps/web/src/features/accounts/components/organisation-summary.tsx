import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Organisation } from '@owo/contract';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { firstIncompleteStep, setupProgress } from '../kyb/kyb-nav';
import { StatusBadge } from '../../../components/status-badge';

const Item = (props: { label: string; value: string | null | undefined }) => (
  <div>
    <Text size="xs" c="dimmed">
      {props.label}
    </Text>
    <Text size="sm" fw={500}>
      {props.value || '—'}
    </Text>
  </div>
);

/** The account and its KYB state; "Complete KYC" opens the first step not done (000 §2.2). */
export function OrganisationSummary({ org }: { org: Organisation }) {
  const { t } = useTranslation('accounts');
  const canFill = useCan('parameters', 'post');
  const p = setupProgress(org.kyb.progress.maxStep);
  return (
    <Stack gap="lg">
      <Card>
        <Group justify="space-between" mb="md">
          <Title order={4}>{org.name}</Title>
          <Badge variant="light">{t(`typeName.${org.type}`)}</Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Item label={t('info.owner')} value={`${org.owner.name} (${org.owner.email})`} />
          <Item label={t('info.created')} value={formatDate(org.createdAt)} />
          <Item label={t('info.legalName')} value={org.kyb.legalName} />
          <Item label={t('info.tradingName')} value={org.kyb.tradingName} />
          <Item label={t('info.registrationNumber')} value={org.kyb.registrationNumber} />
          <Item label={t('info.industry')} value={org.kyb.industry} />
          <Item label={t('info.email')} value={org.kyb.email} />
          <Item label={t('info.phone')} value={org.kyb.phone} />
          <Item
            label={t('info.address')}
            value={[org.kyb.address, org.kyb.state].filter(Boolean).join(', ')}
          />
        </SimpleGrid>
      </Card>
      <Card>
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Group gap="xs">
              <Text fw={600}>{t('info.kyc')}</Text>
              <StatusBadge
                status={org.kyb.progress.isComplete ? 'completed' : 'pending'}
                label={org.kyb.progress.isComplete ? t('info.kycComplete') : t('info.kycIncomplete')}
              />
            </Group>
            <Text size="sm" c="dimmed">
              {t('kyb.progress', { done: p.done, total: p.total })}
            </Text>
            <Progress value={p.percent} size="sm" radius="xl" aria-label={t('info.kyc')} />
          </Stack>
          {!org.kyb.progress.isComplete && canFill && (
            <Button
              component={Link}
              to={paths.account.setupStep.href({ step: firstIncompleteStep(org.kyb.progress.maxStep) })}
            >
              {t('info.completeKyc')}
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}
