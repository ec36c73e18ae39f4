// Calls that answer a file, not the JSON envelope (statements, CSV exports): fetched with the same
// headers as the api client (account, subsidiary, CSRF) and one session refresh on 401.
import { ApiError, API_BASE, refreshSession } from './api';
import { readCookie } from './cookies';
import { store } from './store';

export type FileRequest = {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  accept?: string;
  /** Used when the server names no file. */
  fallbackName: string;
  /** The message when the server gives none. */
  failMessage?: string;
};

export async function fetchFile(
  path: string,
  r: FileRequest,
  retried = false,
): Promise<{ blob: Blob; filename: string }> {
  const { accountId, subsidiaryId } = store.get().staff;
  const headers: Record<string, string> = {
    accept: r.accept ?? 'application/pdf, text/csv, application/json',
  };
  if (r.body !== undefined) headers['content-type'] = 'application/json';
  if (accountId) headers['x-account-id'] = accountId;
  if (subsidiaryId) headers['x-subsidiary-id'] = subsidiaryId;
  const csrf = readCookie('owo_csrf');
  if (csrf) headers['x-csrf-token'] = csrf;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(r.query ?? {})) if (v !== undefined && v !== '') qs.set(k, String(v));
  const url = `${API_BASE}${path}${qs.size ? `?${qs}` : ''}`;
  const res = await fetch(url, {
    method: r.method ?? 'GET',
    credentials: 'include',
    headers,
    body: r.body === undefined ? undefined : JSON.stringify(r.body),
  });
  if (res.status === 401 && !retried && (await refreshSession())) return fetchFile(path, r, true);
  if (!res.ok) {
    const err = (await res.json().catch(() => ({}))) as {
      status?: string;
      message?: string;
      errors?: Record<string, string[]>;
    };
    throw new ApiError(
      res.status,
      err.status ?? 'error',
      err.message ?? r.failMessage ?? 'Could not download the file',
      err.errors,
    );
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? r.fallbackName;
  return { blob: await res.blob(), filename };
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
