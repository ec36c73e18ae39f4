import { RailsError } from '../errors';

// A small JSON client for Paystack's API: bearer secret key, timeouts, envelope { status, message, data }.

export type PaystackEnvelope<T> = {
  status: boolean;
  message: string;
  data: T;
  meta?: { next?: string | null } & Record<string, unknown>;
};
export type PaystackAnswer<T> = { httpStatus: number; body: PaystackEnvelope<T> | null };

export type PaystackClientOptions = {
  baseUrl: string;
  secretKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

export class PaystackClient {
  private readonly baseUrl: string;
  constructor(private readonly opts: PaystackClientOptions) {
    if (!opts.secretKey) throw new Error('PAYSTACK_SECRET_KEY is required for the paystack rails');
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
  }

  /** Sends the request; network failures and timeouts are `unavailable` RailsErrors. Never logs the key. */
  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    query?: Record<string, string | number | boolean | undefined>,
  ): Promise<PaystackAnswer<T>> {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    let res: Response;
    try {
      res = await (this.opts.fetch ?? fetch)(url, {
        method,
        headers: {
          authorization: `Bearer ${this.opts.secretKey}`,
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new RailsError('unavailable', `Paystack could not be reached (${(err as Error).name})`);
    }
    const text = await res.text();
    let parsed: PaystackEnvelope<T> | null = null;
    try {
      parsed = text ? (JSON.parse(text) as PaystackEnvelope<T>) : null;
    } catch {
      parsed = null;
    }
    return { httpStatus: res.status, body: parsed };
  }

  /** Like call(), but anything other than 2xx with status true becomes a RailsError. */
  async ok<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    query?: Record<string, string | number | boolean | undefined>,
  ): Promise<PaystackEnvelope<T>> {
    const a = await this.call<T>(method, path, body, query);
    if (a.httpStatus >= 200 && a.httpStatus < 300 && a.body?.status) return a.body;
    throw failure(a);
  }
}

export function failure(a: PaystackAnswer<unknown>): RailsError {
  const message = a.body?.message ?? `Paystack answered HTTP ${a.httpStatus}`;
  const kind = a.httpStatus >= 500 || a.httpStatus === 429 || a.httpStatus === 0 ? 'unavailable' : 'rejected';
  return new RailsError(kind, message);
}
