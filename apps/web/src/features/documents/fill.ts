// Turning a read document into form values, and the marks on the fields the reader was not sure
// of (below DOCUMENT_LOW_CONFIDENCE) until the user edits them. Nothing here submits anything.
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { fromMinor } from '@owo/contract';
import { DOCUMENT_LOW_CONFIDENCE, type DocumentField, type ExtractedDocument } from '@owo/contract/documents';
import { i18n } from '../../lib/i18n';

/** The bank account a document asks to be paid to (NUBAN-checked by the server before it is offered). */
export type DocumentBank = {
  bankCode: string;
  bankName: string | null;
  accountNumber: string;
  /** The name the bank resolved; null when it was not resolved. */
  accountName: string | null;
};

/** A document's values in a form's terms: amount as a decimal string, dates as YYYY-MM-DD. */
export type DocumentValues = {
  amount: string | null;
  invoiceNumber: string | null;
  date: string | null;
  vendorName: string | null;
  bank: DocumentBank | null;
};

export function documentValues(doc: ExtractedDocument): DocumentValues {
  const text = (s: string | null) => (s?.trim() ? s.trim() : null);
  return {
    amount: doc.totalMinor !== null && doc.totalMinor > 0 ? fromMinor(doc.totalMinor) : null,
    invoiceNumber: text(doc.invoiceNumber),
    date: doc.date && /^\d{4}-\d{2}-\d{2}$/.test(doc.date) ? doc.date : null,
    vendorName: text(doc.vendorName),
    bank:
      doc.bankCode && doc.accountNumber
        ? {
            bankCode: doc.bankCode,
            bankName: doc.bankName,
            accountNumber: doc.accountNumber,
            accountName: doc.accountName,
          }
        : null,
  };
}

/** How sure the reader is of the least sure of `fields` (0 for a field it gave no confidence for). */
export function confidenceOf(doc: ExtractedDocument, ...fields: DocumentField[]): number {
  return Math.min(...fields.map((f) => doc.confidence[f] ?? 0));
}

/** The fields of a form filled from a document, each with how sure the reader was. */
export type FilledFields<K extends string> = Partial<Record<K, number>>;

/** The mark's words on a field the reader was not sure of. */
export const checkText = () => i18n.t('documents:fill.check');
const CHECK_STYLES = {
  input: { borderColor: 'var(--mantine-color-yellow-6)', borderWidth: 2 },
} as const;

/**
 * The marks of one form: `record` what a scan filled, `edited` when the user changes a field (its
 * mark goes), `check(name)` the props that mark an input (a yellow border and a description).
 */
export function useScanMarks<K extends string>() {
  const [state, setState] = useState<{ filled: number; low: K[] }>({ filled: 0, low: [] });
  const record = useCallback((fields: FilledFields<K>) => {
    const names = Object.keys(fields) as K[];
    setState({
      filled: names.length,
      low: names.filter((k) => (fields[k] ?? 0) < DOCUMENT_LOW_CONFIDENCE),
    });
  }, []);
  const edited = useCallback(
    (name: string) =>
      setState((s) => (s.low.includes(name as K) ? { ...s, low: s.low.filter((k) => k !== name) } : s)),
    [],
  );
  return useMemo(() => {
    const isLow = (name: K) => state.low.includes(name);
    /** Spread on a Mantine input; `own` is the field's own description, kept after the mark's. */
    const check = (name: K, own?: ReactNode) =>
      isLow(name)
        ? {
            description: typeof own === 'string' && own ? `${checkText()} · ${own}` : checkText(),
            styles: CHECK_STYLES,
            'data-check': 'document',
          }
        : own === undefined
          ? {}
          : { description: own };
    return { filled: state.filled, lowCount: state.low.length, isLow, check, record, edited };
  }, [state, record, edited]);
}
export type ScanMarks<K extends string> = ReturnType<typeof useScanMarks<K>>;
