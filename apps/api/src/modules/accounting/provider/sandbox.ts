import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../platform/deps';
import { newToken, sha256 } from '../../../platform/tokens';
import { accountingSandboxDocuments, accountingSandboxRealms, accountingSandboxTokens } from '../tables';
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

// The sandbox provider (the default): a simulated accounting company whose state lives in
// PostgreSQL, so any process answers. Its consent page is the web app's
// `/accounting/sandbox/consent`, which calls `POST /api/accounting/sandbox/authorize` and goes back
// to the redirect URI with code, state and realmId. Tokens: access 1 hour, refresh 100 days, both
// expired on demand (`POST /api/accounting/sandbox/expire`) so anyone can see the modal.

export const SANDBOX_ACCESS_SECONDS = 3600;
export const SANDBOX_REFRESH_SECONDS = 100 * 86400;
const CODE_SECONDS = 600;

/** The sandbox company's chart: every realm starts with the same books. */
export const SANDBOX_ACCOUNTS: ProviderRef[] = [
  { id: '35', name: 'Operating Bank Account', type: 'Bank', active: true },
  { id: '36', name: 'Payroll Bank Account', type: 'Bank', active: true },
  { id: '33', name: 'Accounts Payable (A/P)', type: 'Accounts Payable', active: true },
  { id: '7', name: 'Advertising & Marketing', type: 'Expense', active: true },
  { id: '8', name: 'Bank Charges', type: 'Expense', active: true },
  { id: '13', name: 'Meals & Entertainment', type: 'Expense', active: true },
  { id: '15', name: 'Office Supplies', type: 'Expense', active: true },
  { id: '17', name: 'Rent or Lease', type: 'Expense', active: true },
  { id: '19', name: 'Travel', type: 'Expense', active: true },
  { id: '20', name: 'Utilities', type: 'Expense', active: true },
  { id: '21', name: 'Salaries & Wages', type: 'Expense', active: true },
  { id: '22', name: 'Professional Fees', type: 'Expense', active: true },
  { id: '24', name: 'Repairs & Maintenance', type: 'Expense', active: true },
  { id: '25', name: 'Employer Pension Contributions', type: 'Expense', active: true },
  { id: '26', name: 'NSITF Contributions', type: 'Expense', active: true },
  { id: '37', name: 'PAYE Payable', type: 'Other Current Liability', active: true },
  { id: '38', name: 'Pension Payable', type: 'Other Current Liability', active: true },
  { id: '39', name: 'NHF Payable', type: 'Other Current Liability', active: true },
  { id: '41', name: 'NSITF Payable', type: 'Other Current Liability', active: true },
  { id: '42', name: 'Payroll Liabilities', type: 'Other Current Liability', active: true },
  { id: '40', name: 'Cost of Goods Sold', type: 'Cost of Goods Sold', active: true },
  { id: '79', name: 'Sales', type: 'Income', active: true },
];
export const SANDBOX_CLASSES: ProviderRef[] = [
  { id: '5000000000000001', name: 'Operations', type: 'Class', active: true },
  { id: '5000000000000002', name: 'Sales & Marketing', type: 'Class', active: true },
  { id: '5000000000000003', name: 'Administration', type: 'Class', active: true },
];
export const SANDBOX_LOCATIONS: ProviderRef[] = [
  { id: '1', name: 'Lagos Head Office', type: 'Department', active: true },
  { id: '2', name: 'Abuja Branch', type: 'Department', active: true },
  { id: '3', name: 'Port Harcourt Branch', type: 'Department', active: true },
];

const hash = (t: string) => sha256(`accounting-sandbox:${t}`);

type Db = AppDeps['db'];

/** The sandbox's port, and what its consent page and fault controls add. */
export type SandboxProvider = AccountingProviderPort & {
  grant(realmId: string): Promise<string>;
  expire(realmId: string): Promise<void>;
  setFaults(realmId: string, f: { failNext?: number; down?: boolean }): Promise<void>;
  documents(realmId: string): Promise<{ requestId: string; kind: string; id: number }[]>;
};

export function sandboxProvider(deps: AppDeps): SandboxProvider {
  const { db } = deps;
  return {
    name: 'sandbox',
    authorizeUrl(state, redirectUri) {
      const q = new URLSearchParams({ client_id: 'owo-sandbox', redirect_uri: redirectUri, state });
      // The consent page is in the app the browser comes back to (the callback's origin).
      return `${new URL(redirectUri).origin}/accounting/sandbox/consent?${q}`;
    },
    grant: (realmId) => grant(db, realmId),
    async exchangeCode({ code, realmId }) {
      const realm = await spend(db, code, 'code');
      if (!realm || realm !== realmId) throw new ProviderAuthError('invalid_grant');
      return issue(db, realm);
    },
    async refresh(refreshToken) {
      const realm = await spend(db, refreshToken, 'refresh');
      if (!realm) throw new ProviderAuthError('invalid_grant');
      return issue(db, realm);
    },
    expire: (realmId) => expire(db, realmId),
    setFaults: (realmId, f) => setFaults(db, realmId, f),
    documents: (realmId) => documents(db, realmId),
    async ping(c) {
      await authorise(db, c);
    },
    async listAccounts(c) {
      await authorise(db, c);
      return SANDBOX_ACCOUNTS;
    },
    async listClasses(c) {
      await authorise(db, c);
      return SANDBOX_CLASSES;
    },
    async listLocations(c) {
      await authorise(db, c);
      return SANDBOX_LOCATIONS;
    },
    postDocument: (c, doc, requestId) => postDocument(db, c, doc, requestId),
    documentUrl(_c, d) {
      return `${deps.config.appUrl}/settings/integrations?document=${d.kind}-${d.id}`;
    },
  };
}

async function issue(db: Db, realmId: string): Promise<TokenSet> {
  const accessToken = `sbx_at_${newToken(24)}`;
  const refreshToken = `sbx_rt_${newToken(24)}`;
  const now = Date.now();
  const accessExpiresAt = new Date(now + SANDBOX_ACCESS_SECONDS * 1000);
  const refreshExpiresAt = new Date(now + SANDBOX_REFRESH_SECONDS * 1000);
  await db.insert(accountingSandboxTokens).values([
    { tokenHash: hash(accessToken), realmId, kind: 'access', expiresAt: accessExpiresAt },
    { tokenHash: hash(refreshToken), realmId, kind: 'refresh', expiresAt: refreshExpiresAt },
  ]);
  return { accessToken, refreshToken, accessExpiresAt, refreshExpiresAt };
}

/** One use of a code or refresh token: marks it used and answers its realm, or null. */
async function spend(db: Db, token: string, kind: 'code' | 'refresh') {
  const [row] = await db
    .update(accountingSandboxTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountingSandboxTokens.tokenHash, hash(token)),
        eq(accountingSandboxTokens.kind, kind),
        isNull(accountingSandboxTokens.usedAt),
        gt(accountingSandboxTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ realmId: accountingSandboxTokens.realmId });
  return row?.realmId ?? null;
}

async function realmFaults(db: Db, realmId: string) {
  const [r] = await db
    .select()
    .from(accountingSandboxRealms)
    .where(eq(accountingSandboxRealms.realmId, realmId));
  return r;
}

async function authorise(db: Db, c: Connection) {
  const r = await realmFaults(db, c.realmId);
  if (r?.down) throw new ProviderUnavailableError('Sandbox books are down (fault mode)');
  const [t] = await db
    .select({ realmId: accountingSandboxTokens.realmId })
    .from(accountingSandboxTokens)
    .where(
      and(
        eq(accountingSandboxTokens.tokenHash, hash(c.accessToken)),
        eq(accountingSandboxTokens.kind, 'access'),
        gt(accountingSandboxTokens.expiresAt, sql`now()`),
      ),
    );
  if (!t || t.realmId !== c.realmId) throw new ProviderAuthError('AuthenticationFailed');
  return r;
}

/** The consent page's approval: a new realm per company is not needed; the code names it. */
async function grant(db: Db, realmId: string) {
  const code = `sbx_code_${newToken(16)}`;
  await db.insert(accountingSandboxRealms).values({ realmId }).onConflictDoNothing();
  await db.insert(accountingSandboxTokens).values({
    tokenHash: hash(code),
    realmId,
    kind: 'code',
    expiresAt: new Date(Date.now() + CODE_SECONDS * 1000),
  });
  return code;
}

async function expire(db: Db, realmId: string) {
  await db
    .update(accountingSandboxTokens)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(accountingSandboxTokens.realmId, realmId));
}

async function setFaults(db: Db, realmId: string, f: { failNext?: number; down?: boolean }) {
  await db
    .insert(accountingSandboxRealms)
    .values({ realmId, failNext: f.failNext ?? 0, down: f.down ?? false })
    .onConflictDoUpdate({
      target: accountingSandboxRealms.realmId,
      set: { failNext: f.failNext ?? 0, down: f.down ?? false },
    });
}

async function documents(db: Db, realmId: string) {
  return db
    .select({
      requestId: accountingSandboxDocuments.requestId,
      kind: accountingSandboxDocuments.kind,
      id: accountingSandboxDocuments.id,
    })
    .from(accountingSandboxDocuments)
    .where(eq(accountingSandboxDocuments.realmId, realmId));
}

async function postDocument(
  db: Db,
  c: Connection,
  doc: BooksDocument,
  requestId: string,
): Promise<PostedDocument> {
  await authorise(db, c);
  // The same request id answers the first document (QBO requestid semantics).
  const [seen] = await db
    .select()
    .from(accountingSandboxDocuments)
    .where(
      and(
        eq(accountingSandboxDocuments.realmId, c.realmId),
        eq(accountingSandboxDocuments.requestId, requestId),
      ),
    );
  if (seen) return { id: String(seen.id), kind: seen.kind as BooksDocument['kind'] };
  const [fault] = await db
    .update(accountingSandboxRealms)
    .set({ failNext: sql`${accountingSandboxRealms.failNext} - 1` })
    .where(and(eq(accountingSandboxRealms.realmId, c.realmId), gt(accountingSandboxRealms.failNext, 0)))
    .returning({ left: accountingSandboxRealms.failNext });
  if (fault) throw new ProviderUnavailableError('Sandbox books answered 503 (fault mode)');
  checkDocument(doc);
  const [row] = await db
    .insert(accountingSandboxDocuments)
    .values({
      realmId: c.realmId,
      requestId,
      kind: doc.kind,
      body: doc as unknown as Record<string, unknown>,
    })
    .onConflictDoNothing()
    .returning({ id: accountingSandboxDocuments.id });
  if (row) return { id: String(row.id), kind: doc.kind };
  const again = await documents(db, c.realmId);
  const first = again.find((d) => d.requestId === requestId)!;
  return { id: String(first.id), kind: first.kind as BooksDocument['kind'] };
}

/** What QBO refuses: an account not in the chart, and a journal that does not balance. */
function checkDocument(doc: BooksDocument) {
  const known = new Set(SANDBOX_ACCOUNTS.map((a) => a.id));
  for (const id of [
    doc.bankAccountId,
    ...doc.lines.map((l) => l.accountId),
    ...(doc.bankCharges ? [doc.bankCharges.accountId] : []),
  ])
    if (!known.has(id)) throw new ProviderRejectedError(`Invalid Reference Id: account ${id}`);
  if (doc.kind === 'JournalEntry' && doc.lines.some((l) => l.postingType)) {
    // QBO: "Transaction must be balanced" (error 6000); the sandbox holds journals to the same rule.
    const sum = (side: string) =>
      doc.lines.filter((l) => l.postingType === side).reduce((a, l) => a + l.amountMinor, 0);
    if (sum('Debit') !== sum('Credit'))
      throw new ProviderRejectedError(
        `Transaction must be balanced: debits ${sum('Debit')} and credits ${sum('Credit')}`,
      );
  }
}
