// Tests only: a read document as POST /api/documents/extract answers it.
import type { ExtractedDocument } from '@owo/contract/documents';

export const extracted = (over: Partial<ExtractedDocument> = {}): ExtractedDocument => ({
  kind: 'receipt',
  vendorName: null,
  invoiceNumber: null,
  date: null,
  currency: 'NGN',
  total: null,
  totalMinor: null,
  vat: null,
  vatMinor: null,
  bankCode: null,
  bankName: null,
  accountNumber: null,
  accountName: null,
  confidence: {},
  text: '',
  ...over,
});

/** The hidden input of a ScanDocumentButton (it accepts exactly the document types). */
export const scanInput = (root: ParentNode = document) =>
  root.querySelector<HTMLInputElement>('input[type="file"][accept="image/jpeg,image/png,application/pdf"]')!;
