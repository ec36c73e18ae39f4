// Display rules of the money screens, kept pure so they are tested without rendering.
import { isReceiptAvailable, MSG, signedTransactionMinor, type TransactionItem } from '@owo/contract';
import { formatMoney } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { toastError, toastSuccess } from '../../lib/toast';

/** 002 §4: a deposit shows positive, others negative (a payout reversal returns money: positive). */
type Signed = Pick<TransactionItem, 'type' | 'amountMinor' | 'currency'> & { signedAmountMinor?: number };
/** The server's sign, or the same rule applied here when an older API answered without it. */
export const signedMinor = (t: Signed) =>
  t.signedAmountMinor ?? signedTransactionMinor(t.type, t.amountMinor);
export function signedAmountText(t: Signed): string {
  const minor = signedMinor(t);
  const text = formatMoney(minor, t.currency);
  return minor > 0 ? `+${text}` : text;
}
export const amountColor = (t: Signed) => (signedMinor(t) > 0 ? 'owo.7' : 'red.9');

/** 002 §4: Download Receipt only for success or completed, never for reversal types. */
export const canDownloadReceipt = (t: { type: string; status: string; receiptAvailable?: boolean }) =>
  t.receiptAvailable ?? isReceiptAvailable(t);

/** A transaction type as the user reads it (money:transactionType.<type>; an unknown type as it is). */
export const typeLabel = (t: string) => i18n.t(`money:transactionType.${t}`, { defaultValue: t });
/** A transaction status as the user reads it (money:transactionStatus.<status>; an unknown one as it is). */
export const statusLabel = (s: string) => i18n.t(`money:transactionStatus.${s}`, { defaultValue: s });

/** 'DD/MM/YYYY' -> 'YYYY-MM-DD' for the API (the one parser lives in lib/dates). */
export { parseDisplayDate } from '../../lib/dates';

/** Masks the middle of an account number: 0123456785 -> 012****785. */
export function maskAccountNumber(n?: string | null): string {
  if (!n) return '';
  return n.length > 6 ? `${n.slice(0, 3)}${'*'.repeat(n.length - 6)}${n.slice(-3)}` : n;
}

/** Clipboard copy with the spec's messages (000 §8). */
export async function copyToClipboard(text: string, success: string = MSG.copied): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    toastSuccess(success);
    return true;
  } catch {
    toastError(MSG.copyFailed);
    return false;
  }
}
