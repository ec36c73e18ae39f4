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
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** The transaction's fields, in a grid. */
function TransactionFields({ t: tx }: { t: TransactionDetail }) {
  const { t } = useTranslation('money');
  const cp = tx.counterparty;
  const isCredit = signedMinor(tx) > 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      <DetailField label={t('transactionScreen.reference')} value={tx.reference} />
      <DetailField label={t('transactionScreen.wallet')} value={tx.walletName} />
      <DetailField label={t('transactionScreen.amount')} value={formatMoney(tx.amountMinor, tx.currency)} />
      <DetailField label={t('transactionScreen.fee')} value={formatMoney(tx.feeMinor, tx.currency)} />
      {!isCredit && (
        <DetailField
          label={t('transactionScreen.totalDebited')}
          value={formatMoney(tx.amountMinor + tx.feeMinor, tx.currency)}
        />
      )}
      <DetailField
        label={isCredit ? t('transactionScreen.sender') : t('transactionScreen.beneficiary')}
        value={cp.accountName ?? cp.name}
      />
      {(cp.bankName || cp.bankCode) && (
        <DetailField label={t('transactionScreen.bank')} value={cp.bankName ?? cp.bankCode} />
      )}
      {cp.accountNumber && (
        <DetailField
          label={t('transactionScreen.accountNumber')}
          value={maskAccountNumber(cp.accountNumber)}
        />
      )}
      <DetailField label={t('transactionScreen.narration')} value={tx.narration} />
      <DetailField label={t('transactionScreen.lastUpdated')} value={formatDateTime(tx.updatedAt)} />
    </SimpleGrid>
  );
}

/** The reversal of this transaction, or the transaction it reverses. */
function RelatedCard({ related }: { related: NonNullable<TransactionDetail['related']> }) {
  const { t } = useTranslation('money');
  return (
    <Card>
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600}>
            {related.type === 'payout_fund_reversal'
              ? t('transactionScreen.reversedBy')
              : t('transactionScreen.reverses')}
          </Text>
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
            {t('transactionScreen.view')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** /transaction/:transactionId: every field, the related reversal/original, and the receipt. */
export function TransactionScreen() {
  const { t } = useTranslation('money');
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
          title={
            missing
              ? t('transactionScreen.transactionNotFound')
              : t('transactionScreen.couldNotLoadTheTransaction')
          }
        >
          {missing ? t('transactionScreen.thisTransactionDoesNotExist') : messageText(q.error?.message ?? '')}
        </Alert>
        <Button variant="secondary" w="fit-content" onClick={() => navigate(paths.transactions.path)}>
          {t('transactionScreen.backToTransactions')}
        </Button>
      </Stack>
    );
  }
  const tx = q.data;
  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={paths.transactions.path} size="sm">
        {t('transactionScreen.backToTransactions2')}
      </Anchor>
      <Card>
        <Stack gap="lg">
          <PageHeader
            mb={0}
            above={
              <Text size="sm" c="dimmed">
                {typeLabel(tx.type)}
              </Text>
            }
            title={signedAmountText(tx)}
            titleProps={{ c: amountColor(tx), 'data-testid': 'detail-amount' }}
            actions={<ReceiptButton transaction={tx} />}
          >
            <Group gap="xs">
              <StatusBadge status={tx.status} label={statusLabel(tx.status)} radius="sm" tt="none" />
              <Text size="sm" c="dimmed">
                {formatDateTime(tx.createdAt)}
              </Text>
            </Group>
          </PageHeader>
          {tx.failureReason && (
            <Alert color={tx.status === 'failed' ? 'red' : 'gray'} title={t('transactionScreen.reason')}>
              {tx.failureReason}
            </Alert>
          )}
          <Divider />
          <TransactionFields t={tx} />
        </Stack>
      </Card>
      {tx.related && <RelatedCard related={tx.related} />}
    </Stack>
  );
}
