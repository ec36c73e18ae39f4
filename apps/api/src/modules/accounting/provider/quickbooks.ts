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

/** What every call of the provider shares: the configuration and the OAuth redirect URI. */
type Qbo = { config: QboConfig; redirectUri: string };
type Line = BooksDocument['lines'][number];

export function quickbooksProvider(config: QboConfig, redirectUri: string): AccountingProviderPort {
  const q: Qbo = { config, redirectUri };
  return {
    name: 'quickbooks',
    authorizeUrl(state) {
      return client(q).authorizeUri({ scope: [OAuthClient.scopes.Accounting], state });
    },
    exchangeCode({ code, realmId }) {
      const p = new URLSearchParams({ code, realmId, state: 'owo' });
      return tokenCall(q, (c) => c.createToken(`${redirectUri}?${p}`));
    },
    refresh(refreshToken) {
      return tokenCall(q, (c) => c.refreshUsingToken(refreshToken));
    },
    async ping(c) {
      await call(q, c, 'GET', `companyinfo/${encodeURIComponent(c.realmId)}`);
    },
    async listAccounts(c) {
      return (await query(q, c, 'Account')).map(refOf((r) => String(r.AccountType ?? '')));
    },
    async listClasses(c) {
      return (await query(q, c, 'Class')).map(refOf(() => 'Class'));
    },
    async listLocations(c) {
      return (await query(q, c, 'Department')).map(refOf(() => 'Department'));
    },
    postDocument: (c, doc, requestId) => postDocument(q, c, doc, requestId),
    documentUrl(_c, d) {
      const path = d.kind === 'Purchase' ? 'expense' : d.kind === 'Bill' ? 'bill' : 'journal';
      return `${config.QBO_APP_BASE}/app/${path}?txnId=${encodeURIComponent(d.id)}`;
    },
  };
}

function client({ config, redirectUri }: Qbo) {
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
}

async function tokenCall(q: Qbo, run: (c: OAuthClient) => Promise<unknown>): Promise<TokenSet> {
  try {
    const res = (await run(client(q))) as {
      json?: Record<string, unknown>;
      getJson?: () => Record<string, unknown>;
    };
    const json = res?.json ?? res?.getJson?.();
    if (!json?.access_token) throw new ProviderAuthError('invalid_grant');
    return tokenSetOf(json);
  } catch (err) {
    if (err instanceof ProviderAuthError) throw err;
    const status =
      (err as { authResponse?: { response?: { status?: number } }; response?: { status?: number } })?.response
        ?.status ??
      (err as { authResponse?: { status?: () => number } })?.authResponse?.status?.() ??
      (err as { status?: number })?.status;
    if (status && status >= 400 && status < 500) throw new ProviderAuthError('invalid_grant');
    throw new ProviderUnavailableError('QuickBooks token endpoint unreachable');
  }
}

async function call<T>(
  { config }: Qbo,
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

async function query(q: Qbo, c: Connection, entity: string, where = ''): Promise<QboRow[]> {
  const j = await call<{ QueryResponse?: Record<string, unknown[]> }>(q, c, 'GET', 'query', undefined, {
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

async function vendorRef(q: Qbo, c: Connection, name: string, requestId: string) {
  const safe = name.replace(/'/g, "\\'").slice(0, 100);
  const [found] = await query(q, c, 'Vendor', ` where DisplayName = '${safe}'`);
  if (found) return String(found.Id);
  const j = await call<{ Vendor: { Id: string } }>(
    q,
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

const lineOf = (l: Line) => ({
  Amount: money(l.amountMinor),
  Description: l.description.slice(0, 4000),
  DetailType: 'AccountBasedExpenseLineDetail',
  AccountBasedExpenseLineDetail: {
    AccountRef: { value: l.accountId },
    ...(l.classId ? { ClassRef: { value: l.classId } } : {}),
  },
});

/** The fields every document carries: number, date, and the memo with Owo's link. */
const commonOf = (doc: BooksDocument) => {
  const note = `${doc.memo}\n${doc.link}`.slice(0, 4000);
  return { DocNumber: doc.docNumber.slice(0, 21), TxnDate: doc.txnDate, PrivateNote: note };
};

async function postDocument(
  q: Qbo,
  c: Connection,
  doc: BooksDocument,
  requestId: string,
): Promise<PostedDocument> {
  const common = commonOf(doc);
  const { entity, body, vendor } = await documentBody(q, c, doc, requestId);
  const answer = await call<Record<string, { Id: string }>>(q, c, 'POST', entity, body, {
    requestid: requestId,
  });
  const id = String(answer[doc.kind]?.Id);
  if (vendor) await payBill(q, c, doc, requestId, { vendor, id });
  if (doc.bankCharges?.amountMinor) {
    // The bill's transfer fee: a Purchase from the bank to bank charges, posted once (`-f`).
    await call(
      q,
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
      q,
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
}

/** The QBO entity and body of a document (a Bill's vendor found or created first). */
async function documentBody(q: Qbo, c: Connection, doc: BooksDocument, requestId: string) {
  const common = commonOf(doc);
  if (doc.kind === 'Purchase')
    return {
      entity: 'purchase',
      body: {
        ...common,
        PaymentType: 'Cash',
        AccountRef: { value: doc.bankAccountId },
        Line: doc.lines.map(lineOf),
      } as Record<string, unknown>,
      vendor: null,
    };
  if (doc.kind === 'Bill') {
    const vendor = await vendorRef(q, c, doc.vendorName || 'Owo vendor', requestId);
    return {
      entity: 'bill',
      body: { ...common, VendorRef: { value: vendor }, Line: doc.lines.map(lineOf) },
      vendor,
    };
  }
  return { entity: 'journalentry', body: { ...common, Line: journalLines(doc) }, vendor: null };
}

/** A journal's lines; lines without a side are debits, balanced by one bank credit of their total. */
function journalLines(doc: BooksDocument) {
  const sided = doc.lines.some((l) => l.postingType);
  const total = doc.lines.reduce((s, l) => s + l.amountMinor, 0);
  const jeLine = (l: Line) => ({
    Amount: money(l.amountMinor),
    Description: l.description,
    DetailType: 'JournalEntryLineDetail',
    JournalEntryLineDetail: {
      PostingType: l.postingType ?? 'Debit',
      AccountRef: { value: l.accountId },
      ...(l.classId ? { ClassRef: { value: l.classId } } : {}),
    },
  });
  return sided
    ? doc.lines.map(jeLine)
    : [
        ...doc.lines.map(jeLine),
        jeLine({
          amountMinor: total,
          description: doc.memo.slice(0, 4000),
          postingType: 'Credit',
          accountId: doc.bankAccountId,
        }),
      ];
}

/**
 * The bill was paid by Owo: a bill payment from the bank account settles it (A/P back to zero),
 * under its own request id so a retry pays it once.
 */
async function payBill(
  q: Qbo,
  c: Connection,
  doc: BooksDocument,
  requestId: string,
  bill: { vendor: string; id: string },
) {
  const common = commonOf(doc);
  const total = money(doc.lines.reduce((s, l) => s + l.amountMinor, 0));
  await call(
    q,
    c,
    'POST',
    'billpayment',
    {
      VendorRef: { value: bill.vendor },
      PayType: 'Check',
      TotalAmt: total,
      TxnDate: doc.txnDate,
      DocNumber: common.DocNumber,
      PrivateNote: common.PrivateNote,
      CheckPayment: { BankAccountRef: { value: doc.bankAccountId } },
      Line: [{ Amount: total, LinkedTxn: [{ TxnId: bill.id, TxnType: 'Bill' }] }],
    },
    { requestid: `${requestId}-p` },
  );
}
