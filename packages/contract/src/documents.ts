import { z } from 'zod';
import { majorAmount, minorAmount } from './money';

// Document capture (issue 39 §1): a receipt or vendor invoice read from a photo or PDF on Owo's
// own servers. `POST /api/documents/extract` (multipart `file`) answers this shape; a field the
// reader did not find is null, and `confidence` says how sure it is of each field it found.

export const DOCUMENT_KINDS = ['receipt', 'invoice'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** An image is decoded whole before it is scaled: a small file can claim a huge page. */
export const DOCUMENT_MAX_PIXELS = 40_000_000;

/** The fields a reader looks for; each has a confidence from 0 to 1 when found. */
export const DOCUMENT_FIELDS = [
  'vendorName',
  'invoiceNumber',
  'date',
  'currency',
  'total',
  'vat',
  'bankCode',
  'accountNumber',
] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/** Below this a screen highlights the field for the user to check. */
export const DOCUMENT_LOW_CONFIDENCE = 0.8;

export const extractedDocumentSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  vendorName: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  date: z.string().nullable().describe('YYYY-MM-DD'),
  currency: z.string().nullable(),
  total: majorAmount.nullable(),
  totalMinor: minorAmount.nullable(),
  vat: majorAmount.nullable(),
  vatMinor: minorAmount.nullable(),
  bankCode: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable().describe('10-digit NUBAN, offered only when it passed the check'),
  accountName: z
    .string()
    .nullable()
    .describe("The account's name as the bank resolves it; null when it was not resolved"),
  confidence: z.record(z.string(), z.number().min(0).max(1)),
  text: z.string(),
});
export type ExtractedDocument = z.infer<typeof extractedDocumentSchema>;

/** The texts of `POST /api/documents/extract`. */
export const DOCUMENT_MSG = {
  read: 'Document read successfully',
  fileRequired: 'Choose a receipt or invoice to read',
  wrongType: 'Only JPEG, PNG or PDF documents can be read',
  empty: 'The file is empty',
  tooManyPixels: 'The image is too large to read: at most 40 megapixels',
} as const;
