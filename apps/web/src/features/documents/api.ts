// Document capture (issue 39 §1): a receipt or vendor invoice read on Owo's own servers.
import type { ExtractedDocument } from '@owo/contract/documents';
import { api, type RequestOptions } from '../../lib/api';

/**
 * POST /api/documents/extract (multipart `file`: JPEG, PNG or PDF up to 10 MB): what the reader
 * found. A screen that reads in the background passes `quiet` (no 5xx toast, no Access Forbidden
 * page) and says itself that the document could not be read.
 */
export function extractDocument(file: File, opts: { quiet?: boolean; signal?: AbortSignal } = {}) {
  const form = new FormData();
  form.append('file', file);
  const quiet: RequestOptions = opts.quiet ? { skipErrorToast: true, skipForbiddenPage: true } : {};
  return api.post<ExtractedDocument>('/documents/extract', form, { ...quiet, signal: opts.signal });
}
