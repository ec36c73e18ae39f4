// Reading an uploaded receipt or invoice for a member (issue 39 §1): the type judged by content,
// the fields read (reader.ts), and an account number offered with the name its bank gives it
// (the banks module's name enquiry). Stores nothing and logs nothing of the document.
import { fileTypeFromBuffer } from 'file-type';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MSG, DOCUMENT_TYPES, MSG, type ExtractedDocument } from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { fieldError } from '../../platform/errors';
import { resolveAccountName } from '../banks';
import { decodable } from './image';
import { readDocument, type DocumentMime } from './reader';

/** An account number whose name the bank did not give: kept, but the screen asks the user to check. */
const UNRESOLVED_CONFIDENCE = 0.5;

/** The document's type by its bytes (the client's content type is not trusted). */
export async function documentMime(bytes: Buffer): Promise<DocumentMime> {
  if (bytes.length === 0) throw fieldError('file', DOCUMENT_MSG.empty);
  if (bytes.length > DOCUMENT_MAX_BYTES) throw fieldError('file', MSG.fileTooLarge);
  const mime = (await fileTypeFromBuffer(bytes))?.mime;
  if (!mime || !(DOCUMENT_TYPES as readonly string[]).includes(mime))
    throw fieldError('file', DOCUMENT_MSG.wrongType);
  if (mime !== 'application/pdf' && !decodable(bytes)) throw fieldError('file', DOCUMENT_MSG.tooManyPixels);
  return mime as DocumentMime;
}

export async function extractDocument(deps: AppDeps, bytes: Buffer): Promise<ExtractedDocument> {
  const doc = await readDocument(bytes, await documentMime(bytes));
  if (!doc.accountNumber || !doc.bankCode) return doc;
  const { accountName } = await resolveAccountName(deps, {
    accountNumber: doc.accountNumber,
    bankCode: doc.bankCode,
  });
  if (accountName) return { ...doc, accountName };
  const c = doc.confidence.accountNumber ?? 1;
  return { ...doc, confidence: { ...doc.confidence, accountNumber: Math.min(c, UNRESOLVED_CONFIDENCE) } };
}
