// The one HTTP client of the web app (ARCHITECTURE §3, 000 §7, 000 §8).
// - base /api, cookies included, x-account-id / x-subsidiary-id from the store,
//   x-csrf-token (the readable owo_csrf cookie) on every non-GET request and on the GETs the spec
//   defines as actions (`api.action`: resend, reminder, retry; the API requires it there too);
// - unwraps the { status, message, data, errors?, metadata? } envelope, throws ApiError otherwise;
// - global handling of 000 §8: 401 refresh-and-retry once, forced logouts by status, 403 -> Access
//   Forbidden page at the current path, 500 -> error toast.
import type { FieldErrors, Pagination } from '@owo/contract';
import { STATUS } from '@owo/contract/status';
import { readCookie } from './cookies';
import {
  clearAllSessions,
  clearCustomerSession,
  clearEmployeeSession,
  clearStaffSession,
  store,
} from './store';
import { toastError } from './toast';

export type Envelope<T> = {
  status: string;
  message: string;
  data: T;
  metadata?: { pagination?: Pagination; [key: string]: unknown };
};

export class ApiError extends Error {
  readonly httpStatus: number;
  readonly status: string;
  readonly errors?: FieldErrors;
  constructor(httpStatus: number, status: string, message: string, errors?: FieldErrors) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus;
    this.status = status;
    this.errors = errors;
  }
}
export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type Query = Record<string, string | number | boolean | null | undefined>;
export type RequestOptions = {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  /** Skip the 401 refresh/logout handling (login, 2FA, validate themselves). */
  skipAuthHandling?: boolean;
  /** Skip the 403 -> Access Forbidden navigation (calls whose 403 the screen handles itself). */
  skipForbiddenPage?: boolean;
  /** Skip the 5xx error toast (checks whose failure the screen handles by going on). */
  skipErrorToast?: boolean;
  /** A GET that changes state (the spec's resend/reminder/retry GETs): send the CSRF token. */
  action?: boolean;
  signal?: AbortSignal;
};

/** Hooks the app installs at start (router navigation, query cache reset). Tests may replace them. */
export type ApiHooks = {
  /** 403: show Access Forbidden at the current location. */
  onForbidden: (message: string) => void;
  /** Any forced logout: clear cached server data and go to login. */
  onLoggedOut: (scope: 'staff' | 'customer' | 'employee' | 'all') => void;
  /** Profile fetch said 2fa-required: go to the two-factor step. */
  onTwoFactorRequired: () => void;
};
const hooks: ApiHooks = { onForbidden: () => {}, onLoggedOut: () => {}, onTwoFactorRequired: () => {} };
export function setApiHooks(h: Partial<ApiHooks>) {
  Object.assign(hooks, h);
}

export const API_BASE = '/api';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
export const PROFILE_PATH = '/me/settings/profile';

function buildUrl(path: string, query?: Query) {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${url}?${s}` : url;
}

function headersFor(method: string, opts: RequestOptions, isForm: boolean) {
  const h: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (!isForm && opts.body !== undefined) h['content-type'] = 'application/json';
  const { accountId, subsidiaryId } = store.get().staff;
  if (accountId) h['x-account-id'] = accountId;
  if (subsidiaryId) h['x-subsidiary-id'] = subsidiaryId;
  if (!SAFE.has(method) || opts.action) {
    const csrf = readCookie('owo_csrf');
    if (csrf) h['x-csrf-token'] = csrf;
  }
  return h;
}

async function parse(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { message: text };
  }
}

let refreshing: Promise<boolean> | null = null;
/** One GET /api/auth/validate at a time; concurrent 401s wait for the same answer. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(buildUrl('/auth/validate'), {
    method: 'GET',
    credentials: 'include',
    headers: { accept: 'application/json' },
  })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function logout(scope: 'staff' | 'customer' | 'employee' | 'all') {
  if (scope === 'staff') clearStaffSession();
  else if (scope === 'customer') clearCustomerSession();
  else if (scope === 'employee') clearEmployeeSession();
  else clearAllSessions();
  hooks.onLoggedOut(scope);
}

export async function request<T>(
  method: string,
  path: string,
  opts: RequestOptions = {},
  retried = false,
): Promise<Envelope<T>> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      credentials: 'include',
      headers: headersFor(method, opts, isForm),
      body:
        opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, 'network-error', 'Your Internet connection is faulty, Kindly check it out.');
  }
  const body = await parse(res);
  const status = typeof body.status === 'string' ? body.status : res.ok ? STATUS.success : STATUS.error;
  const message = typeof body.message === 'string' ? body.message : res.statusText || 'Request failed';
  if (res.ok)
    return { status, message, data: body.data as T, metadata: body.metadata as Envelope<T>['metadata'] };

  const error = new ApiError(res.status, status, message, body.errors as FieldErrors | undefined);
  if (res.status === 401 && !opts.skipAuthHandling) {
    if (status === STATUS.twoFaRequired && path === PROFILE_PATH) {
      hooks.onTwoFactorRequired();
    } else if (
      status === STATUS.twoFaRequired ||
      status === STATUS.passwordExpired ||
      status === STATUS.sessionExpired
    ) {
      logout('staff');
    } else if (status === STATUS.customerTokenExpired || status === STATUS.customerTokenRequired) {
      logout('customer');
    } else if (status === STATUS.employeeTokenExpired || status === STATUS.employeeTokenRequired) {
      logout('employee');
    } else if (!retried) {
      if (await refreshSession()) return request<T>(method, path, opts, true);
      logout('all');
    } else {
      logout('all');
    }
  } else if (res.status === 403 && !opts.skipForbiddenPage && status !== STATUS.twoFaRequired) {
    hooks.onForbidden(message);
  } else if (res.status >= 500 && !opts.skipErrorToast) {
    toastError(message);
  }
  throw error;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  /** A GET the spec defines as an action (it changes state): sent with the CSRF token. */
  action: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, { ...opts, action: true }),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};
