// "Scan an invoice" on a draft bill (issue 39 §1): the values an invoice offers the draft form.
// A received bill is always paid to its vendor's approved account: the invoice's own account is
// never put on the bill, it only picks the vendor that already has it (see InvoiceBankCheck).
import type { ExtractedDocument } from '@owo/contract/documents';
import type { Payee } from '@owo/contract/payees';
import { confidenceOf, documentValues, type FilledFields } from '../../documents';

export type DraftValues = {
  payeeId: string;
  amount: string;
  description: string;
  invoiceNumber: string;
  dueDate: string;
};
export type DraftField = keyof DraftValues;

/** The saved vendor an invoice names: the one with its bank account, else the one of its name. */
function vendorOf(doc: ExtractedDocument, vendors: readonly Payee[]): { id: string; sure: number } | null {
  const { bank, vendorName } = documentValues(doc);
  const byAccount = bank
    ? vendors.find((p) => p.bankCode === bank.bankCode && p.accountNumber === bank.accountNumber)
    : undefined;
  if (byAccount) return { id: byAccount.id, sure: confidenceOf(doc, 'bankCode', 'accountNumber') };
  const name = vendorName?.toLowerCase();
  const byName = name ? vendors.filter((p) => p.name.trim().toLowerCase() === name) : [];
  return byName.length === 1 ? { id: byName[0].id, sure: confidenceOf(doc, 'vendorName') } : null;
}

/** The draft's values after a scan, and the fields the scan filled with how sure each is. */
export function fillDraft(
  values: DraftValues,
  doc: ExtractedDocument,
  vendors: readonly Payee[],
): { values: DraftValues; filled: FilledFields<DraftField> } {
  const d = documentValues(doc);
  const next = { ...values };
  const filled: FilledFields<DraftField> = {};
  const put = (k: DraftField, value: string | null, sure: number) => {
    if (!value) return;
    next[k] = value;
    filled[k] = sure;
  };
  put('amount', d.amount, confidenceOf(doc, 'total'));
  put('invoiceNumber', d.invoiceNumber, confidenceOf(doc, 'invoiceNumber'));
  put('dueDate', d.date, confidenceOf(doc, 'date'));
  if (!values.description.trim()) put('description', d.vendorName, confidenceOf(doc, 'vendorName'));
  if (!values.payeeId) {
    const vendor = vendorOf(doc, vendors);
    if (vendor) put('payeeId', vendor.id, vendor.sure);
  }
  return { values: next, filled };
}
