// The payout's fields, shared by the payout detail and the payout review (/payouts/review/{ref}).
import { Card, SimpleGrid } from '@mantine/core';
import type { PayoutDetail } from '@owo/contract/payouts';
import { DetailField } from '../../../components/detail-field';
import { formatDate, formatMoney } from '../../../lib/format';
import { useTranslation } from 'react-i18next';

/** The payout's fields: vendor, bank, money, type, schedule, and the wire's extras. */
export function PayoutFields({ p }: { p: PayoutDetail }) {
  const { t } = useTranslation('payouts');
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DetailField label={t('payoutDetailFields.vendor')} value={p.payee.name} />
        <DetailField
          label={t('payoutDetailFields.bank')}
          value={`${p.payee.bankName} · ${p.payee.accountNumber}`}
        />
        <DetailField label={t('payoutDetailFields.accountName')} value={p.payee.accountName} />
        <DetailField label={t('payoutDetailFields.fee')} value={formatMoney(p.feeMinor, p.currency)} />
        <DetailField
          label={t('payoutDetailFields.total')}
          value={formatMoney(p.amountMinor + p.feeMinor, p.currency)}
        />
        <DetailField label={t('payoutDetailFields.payoutType')} value={p.payoutOption} />
        <DetailField label={t('payoutDetailFields.narration')} value={p.narration} />
        <DetailField
          label={t('payoutDetailFields.scheduledDate')}
          value={p.scheduledDate ? formatDate(p.scheduledDate) : null}
        />
        <DetailField label={t('payoutDetailFields.approval')} value={p.approvalStatus} />
        {p.recipientCurrency && p.recipientAmountMinor != null && (
          <DetailField
            label={t('payoutDetailFields.recipientGets')}
            value={`${formatMoney(p.recipientAmountMinor, p.recipientCurrency)} at ${p.fxRate ?? '1'} ${p.currency}/${p.recipientCurrency}`}
          />
        )}
        {p.wirePurpose && (
          <DetailField
            label={t('payoutDetailFields.wirePurpose')}
            value={`${t(`wirePurpose.${p.wirePurpose}`, { defaultValue: p.wirePurpose })} · ${p.wireNarration ?? ''}`}
          />
        )}
        {p.senderDetails && (
          <DetailField label={t('payoutDetailFields.sentOnBehalfOf')} value={p.senderDetails.name} />
        )}
      </SimpleGrid>
    </Card>
  );
}
