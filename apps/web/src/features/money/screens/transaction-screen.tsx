import { Alert, Anchor, Button, Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TransactionDetail } from '@owo/contract';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DetailField } from '../../../components/detail-field';
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
import { PageHeader } from '../../../components/page-header';

/** The transaction's fields, in a grid. */
function TransactionFields({ t }: { t: TransactionDetail }) {
  const cp = t.counterparty;
  const isCredit = signedMinor(t) > 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      <DetailField label="Reference" value={t.reference} />
      <DetailField label="Wallet" value={t.walletName} />
      <DetailField label="Amount" value={formatMoney(t.amountMinor, t.currency)} />
      <DetailField label="Fee" value={formatMoney(t.feeMinor, t.currency)} />
      {!isCredit && (
        <DetailField label="Total debited" value={formatMoney(t.amountMinor + t.feeMinor, t.currency)} />
      )}
      <DetailField label={isCredit ? 'Sender' : 'Beneficiary'} value={cp.accountName ?? cp.name} />
      {(cp.bankName || cp.bankCode) && <DetailField label="Bank" value={cp.bankName ?? cp.bankCode} />}
      {cp.accountNumber && <DetailField label="Account number" value={maskAccountNumber(cp.accountNumber)} />}
      <DetailField label="Narration" value={t.narration} />
      <DetailField label="Last updated" value={formatDateTime(t.updatedAt)} />
    </SimpleGrid>
  );
}

/** The reversal of this transaction, or the transaction it reverses. */
function RelatedCard({ related }: { related: NonNullable<TransactionDetail['related']> }) {
  return (
    <Card>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600}>{related.type === 'payout_fund_reversal' ? 'Reversed by' : 'Reverses'}</Text>
          <Text size="sm" c="dimmed">
            {related.reference} · {formatDateTime(related.createdAt)}
          </Text>
        </Stack>
        <Group gap="sm">
          <Text fw={700} c={amountColor(related)}>
            {signedAmountText(related)}
          </Text>
          <Button
            variant="secondary"
            size="xs"
            component={Link}
            to={paths.transaction.href({ transactionId: related.id })}
          >
            View
          </Button>
        </Group>
      </Group>
    </Card>
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
        <Button variant="secondary" w="fit-content" onClick={() => navigate(paths.transactions.path)}>
          Back to transactions
        </Button>
      </Stack>
    );
  }
  const t = q.data;
  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={paths.transactions.path} size="sm">
        ← Back to transactions
      </Anchor>
      <Card>
        <Stack gap="lg">
          <PageHeader
            mb={0}
            above={
              <Text size="sm" c="dimmed">
                {typeLabel(t.type)}
              </Text>
            }
            title={signedAmountText(t)}
            titleProps={{ c: amountColor(t), 'data-testid': 'detail-amount' }}
            actions={<ReceiptButton transaction={t} />}
          >
            <Group gap="xs">
              <StatusBadge status={t.status} label={statusLabel(t.status)} radius="sm" tt="none" />
              <Text size="sm" c="dimmed">
                {formatDateTime(t.createdAt)}
              </Text>
            </Group>
          </PageHeader>
          {t.failureReason && (
            <Alert color={t.status === 'failed' ? 'red' : 'gray'} title="Reason">
              {t.failureReason}
            </Alert>
          )}
          <Divider />
          <TransactionFields t={t} />
        </Stack>
      </Card>
      {t.related && <RelatedCard related={t.related} />}
    </Stack>
  );
}
