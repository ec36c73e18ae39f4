import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CURRENCIES } from '@owo/contract/money';
import { FEE_METHODS, type FeePolicyAnswer } from '@owo/contract/fees';
import { PageHeader } from '../../../components/page-header';
import { FullPageLoader } from '../../../components/page-states';
import { QueryError } from '../../../components/query-error';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { feesApi, useFeePolicies, usePlatformFeePolicies } from '../api';
import { EditDefaultModal } from './edit-default-modal';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** How long the preview waits after the last keystroke before asking the server. */
export const FEE_PREVIEW_DELAY_MS = 500;

const pct = (bps: number) => `${(bps / 100).toFixed(bps % 100 ? 2 : 0)}%`;

/** The rule of one policy in words: bands, or flat + percent, then min and cap. */
export function describeRule(p: FeePolicyAnswer): string {
  const m = (minor: number) => formatMoney(minor, p.currency);
  const parts: string[] = [];
  if (!p.bands?.length && p.flatMinor) parts.push(m(p.flatMinor));
  if (p.percentBps) parts.push(pct(p.percentBps));
  if (p.bands?.length) parts.push(`${p.bands.length} bands`);
  if (p.minMinor != null) parts.push(`min ${m(p.minMinor)}`);
  if (p.capMinor != null) parts.push(`cap ${m(p.capMinor)}`);
  return parts.length ? parts.join(' + ').replace('+ min', '· min').replace('+ cap', '· cap') : 'Free';
}

function BandsTable(props: { p: FeePolicyAnswer; highlight?: number | null }) {
  const { t } = useTranslation('settings');
  const { p } = props;
  if (!p.bands?.length) return null;
  let from = 0;
  return (
    <Table withTableBorder mt="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('feePolicyScreen.amount')}</Table.Th>
          <Table.Th ta="right">{t('feePolicyScreen.fee')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {p.bands.map((b, i) => {
          const label =
            b.upToMinor === null
              ? `Above ${formatMoney(from, p.currency)}`
              : `${i === 0 ? 'Up to' : `${formatMoney(from + 1, p.currency)} to`} ${formatMoney(b.upToMinor, p.currency)}`;
          if (b.upToMinor !== null) from = b.upToMinor;
          return (
            <Table.Tr key={i} bg={props.highlight === i ? 'var(--mantine-color-teal-light)' : undefined}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{formatMoney(b.flatMinor, p.currency)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The fee for an amount, from the server's own arithmetic (GET /settings/fee-policy/quote). */
function FeePreview(props: { policies: FeePolicyAnswer[] }) {
  const { t } = useTranslation('settings');
  const [method, setMethod] = useState<string>('bank-transfer');
  const [currency, setCurrency] = useState<string>('NGN');
  const [amount, setAmount] = useState('');
  const [debounced] = useDebouncedValue(amount.replace(/,/g, '').trim(), FEE_PREVIEW_DELAY_MS);
  const q = useQuery({
    queryKey: ['settings', 'fee-quote', method, currency, debounced],
    enabled: !!debounced,
    retry: false,
    queryFn: async () => (await feesApi.quote({ method, currency, amount: debounced })).data,
  });
  const policy = props.policies.find((p) => p.method === method && p.currency === currency);
  const amountError =
    q.error instanceof ApiError ? messageText(q.error.errors?.amount?.[0] ?? q.error.message) : undefined;
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        {t('feePolicyScreen.previewAFee')}
      </Title>
      <FormGrid cols={3}>
        <Select
          label={t('feePolicyScreen.method')}
          data={FEE_METHODS.map((m) => ({ value: m, label: t(`feeMethod.${m}`, { defaultValue: m }) }))}
          value={method}
          onChange={(v) => v && setMethod(v)}
          allowDeselect={false}
        />
        <Select
          label={t('feePolicyScreen.currency')}
          data={[...CURRENCIES]}
          value={currency}
          onChange={(v) => v && setCurrency(v)}
          allowDeselect={false}
        />
        <TextInput
          label={t('feePolicyScreen.amount')}
          placeholder={t('feePolicyScreen.eG25000')}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          error={debounced ? amountError : undefined}
          data-testid="fee-preview-amount"
        />
      </FormGrid>
      {q.data && debounced && !q.isError && (
        <Group mt="md" gap="xl" data-testid="fee-preview-result">
          <div>
            <Text size="xs" c="dimmed">
              {t('feePolicyScreen.fee')}
            </Text>
            <Text fw={700} size="lg">
              {formatMoney(q.data.feeMinor, q.data.currency)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('feePolicyScreen.totalDebited')}
            </Text>
            <Text fw={700} size="lg">
              {formatMoney(q.data.totalMinor, q.data.currency)}
            </Text>
          </div>
          <Badge variant="light" color={q.data.source === 'account' ? 'blue' : 'gray'}>
            {q.data.source === 'account'
              ? t('feePolicyScreen.yourPolicy')
              : t('feePolicyScreen.platformDefault')}
          </Badge>
        </Group>
      )}
      {policy && <BandsTable p={policy} highlight={q.data && debounced ? q.data.bandIndex : null} />}
    </Card>
  );
}

function PolicyTable(props: {
  policies: FeePolicyAnswer[];
  onEdit?: (p: FeePolicyAnswer) => void;
  /** The platform fees: the floor of every business's own policy, shown beside it. */
  floor?: FeePolicyAnswer[];
}) {
  const { t } = useTranslation('settings');
  const floorOf = (p: FeePolicyAnswer) =>
    props.floor?.find((f) => f.method === p.method && f.currency === p.currency);
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('feePolicyScreen.method')}</Table.Th>
          <Table.Th>{t('feePolicyScreen.currency')}</Table.Th>
          <Table.Th>{t('feePolicyScreen.fee')}</Table.Th>
          <Table.Th>{t('feePolicyScreen.source')}</Table.Th>
          {props.floor && <Table.Th>{t('feePolicyScreen.platformFeeTheLeastCharged')}</Table.Th>}
          {props.onEdit && <Table.Th />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.policies.map((p) => (
          <Table.Tr key={`${p.method}:${p.currency}`}>
            <Table.Td>{t(`feeMethod.${p.method}`, { defaultValue: p.method })}</Table.Td>
            <Table.Td>{p.currency}</Table.Td>
            <Table.Td>{describeRule(p)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={p.source === 'account' ? 'blue' : 'gray'}>
                {p.source === 'account'
                  ? t('feePolicyScreen.yourPolicy')
                  : t('feePolicyScreen.platformDefault')}
              </Badge>
            </Table.Td>
            {props.floor && (
              <Table.Td data-testid={`fee-floor-${p.method}-${p.currency}`}>
                {floorOf(p) ? describeRule(floorOf(p)!) : '—'}
              </Table.Td>
            )}
            {props.onEdit && (
              <Table.Td ta="right">
                <Button size="xs" variant="subtle" onClick={() => props.onEdit!(p)}>
                  {t('feePolicyScreen.editDefault')}
                </Button>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /settings/fee-policy: the fee bands in force for this account, a preview, and the platform defaults. */
export function FeePolicyScreen() {
  const { t } = useTranslation('settings');
  const policies = useFeePolicies();
  const platform = usePlatformFeePolicies();
  const [editing, setEditing] = useState<FeePolicyAnswer | null>(null);
  if (policies.isPending) return <FullPageLoader />;
  if (policies.isError) return <QueryError error={policies.error} onRetry={() => void policies.refetch()} />;
  return (
    <Box maw={1040} mx="auto">
      <PageHeader
        title={t('feePolicyScreen.feePolicy')}
        description={t('feePolicyScreen.whatMovingMoneyCostsThis')}
      />
      <Stack gap="lg">
        <FeePreview policies={policies.data} />
        <Card padding={0}>
          <Title order={4} p="md">
            {t('feePolicyScreen.feesInForce')}
          </Title>
          <Text size="sm" c="dimmed" px="md" pb="sm">
            {/* The platform fee bounds every business's own fee policy (issue 34 §5). */}
            {t('feePolicyScreen.feeFloorNote')}
          </Text>
          <PolicyTable policies={policies.data} floor={platform.data?.policies} />
        </Card>
        {platform.data?.editable && (
          <Card padding={0}>
            <Group p="md" justify="space-between">
              <Title order={4}>{t('feePolicyScreen.platformDefaults')}</Title>
              <Badge color="grape" variant="light">
                {t('feePolicyScreen.platformAdministrator')}
              </Badge>
            </Group>
            <Alert mx="md" mb="md" color="grape" variant="light">
              {t('feePolicyScreen.theseApplyToEveryBusiness')}
            </Alert>
            <PolicyTable policies={platform.data.policies} onEdit={setEditing} />
          </Card>
        )}
      </Stack>
      {editing && (
        <EditDefaultModal
          key={`${editing.method}:${editing.currency}`}
          policy={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Box>
  );
}
