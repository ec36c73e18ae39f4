import OAuthClient from 'intuit-oauth';
import type { Config } from '../../../platform/config';
import {
  ProviderAuthError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type AccountingProviderPort,
  type BooksDocument,
  type Connection,
  type PostedDocument,
  type ProviderRef,
  type TokenSet,
} from './port';

// QuickBooks Online: OAuth 2 through `intuit-oauth` (authorize URL, code exchange, refresh) and
// the QBO REST API v3 (query, purchase, bill, journalentry, vendor, attachable). Every base URL
// is configuration, so the tests run it against a local stub with recorded answers.

const MINOR_VERSION = '75';
const TIMEOUT_MS = 15_000;

type QboConfig = Pick<
  Config,
  | 'QBO_CLIENT_ID'
  | 'QBO_CLIENT_SECRET'
  | 'QBO_ENVIRONMENT'
  | 'QBO_AUTHORIZE_URL'
  | 'QBO_TOKEN_URL'
  | 'QBO_API_BASE'
  | 'QBO_APP_BASE'
>;

/** A QBO entity row as the query answers it (the fields we read). */
type QboRow = {
  Id: string | number;
  Name?: string;
  FullyQualifiedName?: string;
  DisplayName?: string;
  AccountType?: string;
  Active?: boolean;
};

const money = (minor: number) => Number((minor / 100).toFixed(2));

/** QBO's Fault answer: { Fault: { Error: [{ Message, Detail, code }], type } }. */
function faultText(body: unknown): string {
  const f = (body as { Fault?: { Error?: { Message?: string; Detail?: string }[] } })?.Fault;
  const e = f?.Error?.[0];
  return e ? `${e.Message ?? 'Error'}${e.Detail ? `: ${e.Detail}` : ''}`.slice(0, 300) : 'Unknown error';
}

function tokenSetOf(json: Record<string, unknown>): TokenSet {
  const now = Date.now();
  return {
    accessToken: String(json.access_token),
    refreshToken: String(json.refresh_token),
    accessExpiresAt: new Date(now + Number(json.expires_in ?? 3600) * 1000),
    refreshExpiresAt: new Date(now + Number(json.x_refresh_token_expires_in ?? 8_726_400) * 1000),
  };
}

export function quickbooksProvider(config: QboConfig, redirectUri: string): AccountingProviderPort {
  const client = () => {
    const c = new OAuthClient({
      clientId: config.QBO_CLIENT_ID ?? 'owo-qbo-client',
      clientSecret: config.QBO_CLIENT_SECRET ?? 'owo-qbo-secret',
      environment: config.QBO_ENVIRONMENT,
      redirectUri,
      logging: false,
    });
    // The endpoints are the library's globals; set ours before every use (configurable for the stub).
    c.setAuthorizeURLs({
      authorizeEndpoint: config.QBO_AUTHORIZE_URL,
      tokenEndpoint: config.QBO_TOKEN_URL,
      revokeEndpoint: `${config.QBO_TOKEN_URL.replace(/\/tokens\/bearer$/, '')}/tokens/revoke`,
      userInfoEndpoint: `${config.QBO_TOKEN_URL}/userinfo`,
    });
    return c;
  };

  async function tokenCall(run: (c: OAuthClient) => Promise<unknown>): Promise<TokenSet> {
    try {
      const res = (await run(client())) as {
        json?: Record<string, unknown>;
        getJson?: () => Record<string, unknown>;
      };
      const json = res?.json ?? res?.getJson?.();
      if (!json?.access_token) throw new ProviderAuthError('invalid_grant');
      return tokenSetOf(json);
    } catch (err) {
      if (err instanceof ProviderAuthError) throw err;
      const status =
        (err as { authResponse?: { response?: { status?: number } }; response?: { status?: number } })
          ?.response?.status ??
        (err as { authResponse?: { status?: () => number } })?.authResponse?.status?.() ??
        (err as { status?: number })?.status;
      if (status && status >= 400 && status < 500) throw new ProviderAuthError('invalid_grant');
      throw new ProviderUnavailableError('QuickBooks token endpoint unreachable');
    }
  }

  async function call<T>(
    c: Connection,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    query: Record<string, string> = {},
  ) {
    const q = new URLSearchParams({ ...query, minorversion: MINOR_VERSION });
    const url = `${config.QBO_API_BASE}/v3/company/${encodeURIComponent(c.realmId)}/${path}?${q}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${c.accessToken}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new ProviderUnavailableError('QuickBooks could not be reached');
    }
    const json = (await res.json().catch(() => null)) as T;
    if (res.status === 401 || res.status === 403) throw new ProviderAuthError(faultText(json));
    if (res.status >= 500 || res.status === 429)
      throw new ProviderUnavailableError(`QuickBooks answered ${res.status}`);
    if (res.status >= 400) throw new ProviderRejectedError(faultText(json));
    return json;
  }

  async function query(c: Connection, entity: string, where = ''): Promise<QboRow[]> {
    const j = await call<{ QueryResponse?: Record<string, unknown[]> }>(c, 'GET', 'query', undefined, {
      query: `select * from ${entity}${where} MAXRESULTS 1000`,
    });
    return (j?.QueryResponse?.[entity] ?? []) as QboRow[];
  }

  const refOf =
    (type: (r: QboRow) => string) =>
    (r: QboRow): ProviderRef => ({
      id: String(r.Id),
      name: String(r.FullyQualifiedName ?? r.Name ?? r.DisplayName ?? ''),
      type: type(r),
      active: r.Active !== false,
    });

  async function vendorRef(c: Connection, name: string, requestId: string) {
    const safe = name.replace(/'/g, "\\'").slice(0, 100);
    const [found] = await query(c, 'Vendor', ` where DisplayName = '${safe}'`);
    if (found) return String(found.Id);
    const j = await call<{ Vendor: { Id: string } }>(
      c,
      'POST',
      'vendor',
      { DisplayName: name.slice(0, 100) },
      {
        requestid: `${requestId}-v`,
      },
    );
    return j.Vendor.Id;
  }

  const lineOf = (l: BooksDocument['lines'][number]) => ({
    Amount: money(l.amountMinor),
    Description: l.description.slice(0, 4000),
    DetailType: 'AccountBasedExpenseLineDetail',
    AccountBasedExpenseLineDetail: {
      AccountRef: { value: l.accountId },
      ...(l.classId ? { ClassRef: { value: l.classId } } : {}),
    },
  });

  return {
    name: 'quickbooks',
    authorizeUrl(state) {
      return client().authorizeUri({ scope: [OAuthClient.scopes.Accounting], state });
    },
    exchangeCode({ code, realmId }) {
      const q = new URLSearchParams({ code, realmId, state: 'owo' });
      return tokenCall((c) => c.createToken(`${redirectUri}?${q}`));
    },
    refresh(refreshToken) {
      return tokenCall((c) => c.refreshUsingToken(refreshToken));
    },
    async ping(c) {
      await call(c, 'GET', `companyinfo/${encodeURIComponent(c.realmId)}`);
    },
    async listAccounts(c) {
      return (await query(c, 'Account')).map(refOf((r) => String(r.AccountType ?? '')));
    },
    async listClasses(c) {
      return (await query(c, 'Class')).map(refOf(() => 'Class'));
    },
    async listLocations(c) {
      return (await query(c, 'Department')).map(refOf(() => 'Department'));
    },
    async postDocument(c, doc, requestId): Promise<PostedDocument> {
      const note = `${doc.memo}\n${doc.link}`.slice(0, 4000);
      const common = { DocNumber: doc.docNumber.slice(0, 21), TxnDate: doc.txnDate, PrivateNote: note };
      let entity: string;
      let body: Record<string, unknown>;
      let vendor: string | null = null;
      if (doc.kind === 'Purchase') {
        entity = 'purchase';
        body = {
          ...common,
          PaymentType: 'Cash',
          AccountRef: { value: doc.bankAccountId },
          Line: doc.lines.map(lineOf),
        };
      } else if (doc.kind === 'Bill') {
        entity = 'bill';
        vendor = await vendorRef(c, doc.vendorName || 'Owo vendor', requestId);
        body = { ...common, VendorRef: { value: vendor }, Line: doc.lines.map(lineOf) };
      } else {
        entity = 'journalentry';
        const sided = doc.lines.some((l) => l.postingType);
        const total = doc.lines.reduce((s, l) => s + l.amountMinor, 0);
        const jeLine = (l: BooksDocument['lines'][number]) => ({
          Amount: money(l.amountMinor),
          Description: l.description,
          DetailType: 'JournalEntryLineDetail',
          JournalEntryLineDetail: {
            PostingType: l.postingType ?? 'Debit',
            AccountRef: { value: l.accountId },
            ...(l.classId ? { ClassRef: { value: l.classId } } : {}),
          },
        });
        body = {
          ...common,
          Line: sided
            ? doc.lines.map(jeLine)
            : [
                ...doc.lines.map(jeLine),
                jeLine({
                  amountMinor: total,
                  description: doc.memo.slice(0, 4000),
                  postingType: 'Credit',
                  accountId: doc.bankAccountId,
                }),
              ],
        };
      }
      const answer = await call<Record<string, { Id: string }>>(c, 'POST', entity, body, {
        requestid: requestId,
      });
      const id = String(answer[doc.kind]?.Id);
      if (vendor) {
        // The bill was paid by Owo: a bill payment from the bank account settles it (A/P back to
        // zero), under its own request id so a retry pays it once.
        const total = money(doc.lines.reduce((s, l) => s + l.amountMinor, 0));
        await call(
          c,
          'POST',
          'billpayment',
          {
            VendorRef: { value: vendor },
            PayType: 'Check',
            TotalAmt: total,
            TxnDate: doc.txnDate,
            DocNumber: common.DocNumber,
            PrivateNote: note,
            CheckPayment: { BankAccountRef: { value: doc.bankAccountId } },
            Line: [{ Amount: total, LinkedTxn: [{ TxnId: id, TxnType: 'Bill' }] }],
          },
          { requestid: `${requestId}-p` },
        );
      }
      if (doc.bankCharges?.amountMinor) {
        // The bill's transfer fee: a Purchase from the bank to bank charges, posted once (`-f`).
        await call(
          c,
          'POST',
          'purchase',
          {
            ...common,
            PaymentType: 'Cash',
            AccountRef: { value: doc.bankAccountId },
            Line: [lineOf({ ...doc.bankCharges, classId: null })],
          },
          { requestid: `${requestId}-f` },
        );
      }
      // Attachments: QBO note attachables linked to the document (one request id each).
      for (const [i, a] of doc.attachments.entries()) {
        await call(
          c,
          'POST',
          'attachable',
          {
            Note: `${a.fileName}: ${a.url}`.slice(0, 2000),
            AttachableRef: [{ EntityRef: { type: doc.kind, value: id }, IncludeOnSend: false }],
          },
          { requestid: `${requestId}-a${i}` },
        );
      }
      return { id, kind: doc.kind };
    },
    documentUrl(_c, d) {
      const path = d.kind === 'Purchase' ? 'expense' : d.kind === 'Bill' ? 'bill' : 'journal';
      return `${config.QBO_APP_BASE}/app/${path}?txnId=${encodeURIComponent(d.id)}`;
    },
  };
}
