// What a card spend's receipt says, read after the upload (issue 39 §1): merchant, amount and
// date beside the spend, and whether they match it. The upload stands whatever the reading says.
import { Group, Loader, Stack, Text } from '@mantine/core';
import type { CardSpend } from '@owo/contract/cards';
import type { ExtractedDocument } from '@owo/contract/documents';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { documentValues } from '../../documents';
import { useTranslation } from 'react-i18next';

export type ReceiptRead =
  { state: 'reading' } | { state: 'read'; doc: ExtractedDocument } | { state: 'failed' };

/** A receipt dated more than this many days from the spend does not match it. */
export const RECEIPT_DATE_SLACK_DAYS = 3;
const DAY_MS = 86_400_000;
const LAGOS_OFFSET_MS = 3_600_000;
// Words that say nothing about which merchant it is.
const NOISE = new Set(['ltd', 'limited', 'plc', 'the', 'and', 'nig', 'nigeria', 'co', 'company', 'inc']);

const words = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1 && !NOISE.has(w)),
  );
/** The spend's day in Lagos (UTC+1), YYYY-MM-DD. */
const lagosDay = (iso: string) => new Date(Date.parse(iso) + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
const daysApart = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY_MS;

/**
 * How a read receipt compares with the spend: the things that differ (amount, date more than three
 * days off, a merchant name sharing no word); null when the reader found none of the three.
 */
export function compareReceipt(doc: ExtractedDocument, spend: CardSpend): string[] | null {
  const d = documentValues(doc);
  if (doc.totalMinor === null && !d.date && !d.vendorName) return null;
  const differs: string[] = [];
  if (doc.totalMinor !== null && doc.totalMinor !== spend.amountMinor) differs.push('amount');
  if (d.date && daysApart(d.date, lagosDay(spend.createdAt)) > RECEIPT_DATE_SLACK_DAYS) differs.push('date');
  if (d.vendorName) {
    const spent = words(spend.merchant);
    const read = [...words(d.vendorName)];
    if (spent.size && read.length && !read.some((w) => spent.has(w))) differs.push('merchant');
  }
  return differs;
}

const DIFFERS_TEXT: Record<string, string> = {
  amount: 'amount differs',
  date: 'date more than 3 days off',
  merchant: 'merchant differs',
};

/** Beside a spend: reading…, could not read, or what was read with Matches / Does not match. */
export function ReceiptReading(props: { read: ReceiptRead; spend: CardSpend }) {
  const { t } = useTranslation('cards');
  const { read, spend } = props;
  if (read.state === 'reading')
    return (
      <Group gap={6}>
        <Loader size="xs" />
        <Text size="xs" c="dimmed">
          {t('receiptReading.readingTheReceipt')}
        </Text>
      </Group>
    );
  const differs = read.state === 'read' ? compareReceipt(read.doc, spend) : null;
  if (read.state === 'failed' || differs === null)
    return (
      <Text size="xs" c="dimmed">
        {t('receiptReading.couldNotReadTheReceipt')}
      </Text>
    );
  const doc = read.doc;
  const seen = [
    doc.vendorName,
    doc.totalMinor !== null ? formatMoney(doc.totalMinor, doc.currency ?? spend.currency) : null,
    doc.date ? formatDate(doc.date) : null,
  ].filter(Boolean);
  return (
    <Stack gap={2} data-testid={`receipt-read-${spend.transactionId}`}>
      <Text size="xs">{t('receiptReading.read', { seen: seen.join(' · ') })}</Text>
      <Group gap={6}>
        {differs.length ? (
          <StatusBadge status="invalid" label={t('receiptReading.doesNotMatch')} size="sm" />
        ) : (
          <StatusBadge status="valid" label={t('receiptReading.matches')} size="sm" />
        )}
        {differs.length > 0 && (
          <Text size="xs" c="dimmed">
            {differs.map((k) => DIFFERS_TEXT[k]).join(', ')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
