// "Scan a receipt" on the expense form (issue 39 §1): the amount, a description from the vendor
// and the date, and the payee's bank account when none is entered yet; the scanned file becomes a
// receipt. Fields read with low confidence stay marked until edited; the user still presses Continue.
import { useEffect } from 'react';
import type { ExtractedDocument } from '@owo/contract/documents';
import { formatDate } from '../../../lib/format';
import { confidenceOf, documentValues, useScanMarks, type FilledFields } from '../../documents';
import type { ExpenseFormApi } from './product-lines';
import { attachReceipt } from './receipt-field';
import { i18n } from '../../../lib/i18n';

export type ExpenseScanField = 'amount' | 'purpose.description' | 'bankCode' | 'bankAccountNumber';
export type ExpenseScanMarks = ReturnType<typeof useScanMarks<ExpenseScanField>>;

/** Puts what the document offers on the form; answers the fields filled and how sure each is. */
export function fillExpense(form: ExpenseFormApi, doc: ExtractedDocument): FilledFields<ExpenseScanField> {
  const v = documentValues(doc);
  const filled: FilledFields<ExpenseScanField> = {};
  const set = { shouldValidate: true, shouldDirty: true } as const;
  if (v.amount && !(form.getValues('productsAndServices') ?? []).length) {
    form.setValue('amount', v.amount, set);
    filled.amount = confidenceOf(doc, 'total');
  }
  if (v.vendorName && !form.getValues('purpose.description')?.trim()) {
    const description = v.date
      ? i18n.t('expenses:expenseScan.vendorReceiptOf', { vendor: v.vendorName, date: formatDate(v.date) })
      : v.vendorName;
    form.setValue('purpose.description', description, set);
    filled['purpose.description'] = v.date
      ? confidenceOf(doc, 'vendorName', 'date')
      : confidenceOf(doc, 'vendorName');
  }
  if (v.bank && !form.getValues('bankAccountNumber')) {
    form.setValue('bankCode', v.bank.bankCode, set);
    form.setValue('bankAccountNumber', v.bank.accountNumber, set);
    filled.bankCode = confidenceOf(doc, 'bankCode');
    filled.bankAccountNumber = confidenceOf(doc, 'accountNumber');
  }
  return filled;
}

/** The form's scan: its marks (cleared field by field as the user edits) and what a read does. */
export function useExpenseScan(form: ExpenseFormApi, setUploading: (v: boolean) => void) {
  const marks = useScanMarks<ExpenseScanField>();
  const { edited } = marks;
  useEffect(() => {
    const sub = form.watch((_values, { name, type }) => {
      if (type === 'change' && name) edited(name);
    });
    return () => sub.unsubscribe();
  }, [form, edited]);
  const onRead = (doc: ExtractedDocument, file: File) => {
    marks.record(fillExpense(form, doc));
    void attachReceipt(form, file, setUploading);
  };
  return { marks, onRead };
}
