import type { AccountingProvider } from '@owo/contract';

// The accounting provider port (issue 27 §1). Two adapters: the sandbox (default; the app's own
// consent page and books in PostgreSQL) and QuickBooks Online (OAuth 2 through intuit-oauth, QBO
// REST v3 shapes). Nothing outside `provider/` knows a provider's wire format.

export type TokenSet = {
  accessToken: string;
  refreshToken: string;
  /** Absolute expiry times. */
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
};

export type ProviderRef = { id: string; name: string; type: string; active: boolean };

/** One line of a document: an amount in minor units to an account, with an optional class. */
export type DocumentLine = {
  amountMinor: number;
  accountId: string;
  classId?: string | null;
  description: string;
  /**
   * JournalEntry only: the line's side. A journal whose lines carry sides is posted as given (it
   * must balance); one without is debits against one credit to `bankAccountId`.
   */
  postingType?: 'Debit' | 'Credit';
};

/**
 * A document for the books. Purchase: money left `bankAccountId` for the lines (expenses,
 * payouts). Bill: what a vendor billed (lines), payable to `vendorName`, paid from
 * `bankAccountId` (a bill payment linked to it). JournalEntry: lines with their sides (payroll:
 * expenses debited; bank, PAYE, pension and NHF payable credited), balanced to the kobo.
 */
export type BooksDocument = {
  kind: 'Purchase' | 'Bill' | 'JournalEntry';
  /** The record's reference, QBO DocNumber (21 characters at most). */
  docNumber: string;
  txnDate: string; // YYYY-MM-DD (Lagos)
  currency: string;
  bankAccountId: string;
  vendorName?: string | null;
  lines: DocumentLine[];
  /** A link back to the record in Owo, and the attachment names (PrivateNote / Attachable). */
  memo: string;
  link: string;
  attachments: { fileName: string; url: string }[];
  /**
   * A Bill's transfer fee: not owed to the vendor, so not a Bill line; the adapter posts it as its
   * own Purchase from the bank to this bank charges account (QBO request id `<request id>-f`).
   */
  bankCharges?: { amountMinor: number; accountId: string; description: string } | null;
};

export type PostedDocument = { id: string; kind: BooksDocument['kind'] };

export class ProviderAuthError extends Error {
  constructor(message = 'authorisation refused') {
    super(message);
  }
}
/** The provider could not be reached or answered 5xx: retry later. */
export class ProviderUnavailableError extends Error {}
/** The provider refused the document (4xx other than auth): a failure to show, retry by hand. */
export class ProviderRejectedError extends Error {}

export type Connection = { realmId: string; accessToken: string };

export interface AccountingProviderPort {
  readonly name: AccountingProvider;
  /** The consent page's URL for this `state`. */
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(p: { code: string; realmId: string; redirectUri: string }): Promise<TokenSet>;
  refresh(refreshToken: string): Promise<TokenSet>;
  /** A cheap authenticated call (company info); throws ProviderAuthError on a refused token. */
  ping(c: Connection): Promise<void>;
  listAccounts(c: Connection): Promise<ProviderRef[]>;
  listClasses(c: Connection): Promise<ProviderRef[]>;
  listLocations(c: Connection): Promise<ProviderRef[]>;
  /**
   * Writes the document once per `requestId`: the same id again answers the first document
   * (QBO `requestid`), so a retry after a lost answer never posts twice.
   */
  postDocument(c: Connection, doc: BooksDocument, requestId: string): Promise<PostedDocument>;
  /** Where the document can be opened in the provider's app. */
  documentUrl(c: Connection, d: PostedDocument): string;
}
