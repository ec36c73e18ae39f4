// The payout's fields, shared by the payout detail and the payout review (/payouts/review/{ref}).
import { Card, SimpleGrid } from '@mantine/core';
import type { PayoutDetail } from '@owo/contract/payouts';
import { WIRE_PURPOSE_LABELS, type WirePurpose } from '@owo/contract/payouts-pay-someone';
import { DetailField } from '../../../components/detail-field';
import { formatDate, formatMoney } from '../../../lib/format';

/** The payout's fields: vendor, bank, money, type, schedule, and the wire's extras. */
export function PayoutFields({ p }: { p: PayoutDetail }) {
  return (
    <Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DetailField label="Vendor" value={p.payee.name} />
        <DetailField label="Bank" value={`${p.payee.bankName} · ${p.payee.accountNumber}`} />
        <DetailField label="Account name" value={p.payee.accountName} />
        <DetailField label="Fee" value={formatMoney(p.feeMinor, p.currency)} />
        <DetailField label="Total" value={formatMoney(p.amountMinor + p.feeMinor, p.currency)} />
        <DetailField label="Payout type" value={p.payoutOption} />
        <DetailField label="Narration" value={p.narration} />
        <DetailField label="Scheduled date" value={p.scheduledDate ? formatDate(p.scheduledDate) : null} />
        <DetailField label="Approval" value={p.approvalStatus} />
        {p.recipientCurrency && p.recipientAmountMinor != null && (
          <DetailField
            label="Recipient gets"
            value={`${formatMoney(p.recipientAmountMinor, p.recipientCurrency)} at ${p.fxRate ?? '1'} ${p.currency}/${p.recipientCurrency}`}
          />
        )}
        {p.wirePurpose && (
          <DetailField
            label="Wire purpose"
            value={`${WIRE_PURPOSE_LABELS[p.wirePurpose as WirePurpose] ?? p.wirePurpose} · ${p.wireNarration ?? ''}`}
          />
        )}
        {p.senderDetails && <DetailField label="Sent on behalf of" value={p.senderDetails.name} />}
      </SimpleGrid>
    </Card>
  );
}
