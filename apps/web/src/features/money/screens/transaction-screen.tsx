import { Alert, Anchor, Button, Card, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { FullPageLoader } from '../../../components/page-states';
import { StatusBadge } from '../../../components/status-badge';
import { isApiError } from '../../../lib/api';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useTransaction } from '../api';
import { ReceiptButton } from '../components/receipt-button';
import {
  amountColor,
  maskAccountNumber,
  signedAmountText,
  signedMinor,
  statusLabel,
  typeLabel,
} from '../rules';

function Field(props: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {props.label}
      </Text>
      <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
        {props.children || '—'}
      </Text>
    </Stack>
  );
}

/** /transaction/:transactionId: every field, the related reversal/original, and the receipt. */
export function TransactionScreen() {
  const { transactionId } = useParams();
  const navigate = useNavigate();
  const q = useTransaction(transactionId);
  if (q.isLoading) return <FullPageLoader />;
  if (q.error || !q.data) {
    const missing = isApiError(q.error) && (q.error.httpStatus === 404 || q.error.httpStatus === 400);
    return (
      <Stack maw={720} gap="md">
        <Alert
          color={missing ? 'gray' : 'red'}
          title={missing ? 'Transaction not found' : 'Could not load the transaction'}
        >
          {missing ? 'This transaction does not exist or belongs to another account.' : q.error?.message}
        </Alert>
        <Button variant="default" w="fit-content" onClick={() => navigate(paths.transactions.path)}>
          Back to transactions
        </Button>
      </Stack>
    );
  }
  const t = q.data;
  const cp = t.counterparty;
  const isCredit = signedMinor(t) > 0;
  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={paths.transactions.path} size="sm">
        ← Back to transactions
      </Anchor>
      <Card>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {typeLabel(t.type)}
              </Text>
              <Title order={2} c={amountColor(t)} data-testid="detail-amount">
                {signedAmountText(t)}
              </Title>
              <Group gap="xs">
                <StatusBadge status={t.status} label={statusLabel(t.status)} radius="sm" tt="none" />
                <Text size="sm" c="dimmed">
                  {formatDateTime(t.createdAt)}
                </Text>
              </Group>
            </Stack>
            <ReceiptButton transaction={t} />
          </Group>
          {t.failureReason && (
            <Alert color={t.status === 'failed' ? 'red' : 'gray'} title="Reason">
              {t.failureReason}
            </Alert>
          )}
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            <Field label="Reference">{t.reference}</Field>
            <Field label="Wallet">{t.walletName}</Field>
            <Field label="Amount">{formatMoney(t.amountMinor, t.currency)}</Field>
            <Field label="Fee">{formatMoney(t.feeMinor, t.currency)}</Field>
            {!isCredit && (
              <Field label="Total debited">{formatMoney(t.amountMinor + t.feeMinor, t.currency)}</Field>
            )}
            <Field label={isCredit ? 'Sender' : 'Beneficiary'}>{cp.accountName ?? cp.name}</Field>
            {(cp.bankName || cp.bankCode) && <Field label="Bank">{cp.bankName ?? cp.bankCode}</Field>}
            {cp.accountNumber && <Field label="Account number">{maskAccountNumber(cp.accountNumber)}</Field>}
            <Field label="Narration">{t.narration}</Field>
            <Field label="Last updated">{formatDateTime(t.updatedAt)}</Field>
          </SimpleGrid>
        </Stack>
      </Card>
      {t.related && (
        <Card>
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Text fw={600}>{t.related.type === 'payout_fund_reversal' ? 'Reversed by' : 'Reverses'}</Text>
              <Text size="sm" c="dimmed">
                {t.related.reference} · {formatDateTime(t.related.createdAt)}
              </Text>
            </Stack>
            <Group gap="sm">
              <Text fw={700} c={amountColor(t.related)}>
                {signedAmountText(t.related)}
              </Text>
              <Button
                variant="light"
                size="xs"
                component={Link}
                to={paths.transaction.href({ transactionId: t.related.id })}
              >
                View
              </Button>
            </Group>
          </Group>
        </Card>
      )}
    </Stack>
  );
}
