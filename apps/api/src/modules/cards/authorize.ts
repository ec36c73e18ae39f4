// Company cards: the issuer's authorisation decision, in one statement.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type CardIssuerEvent, CARD_CURRENCIES, MERCHANT_CATEGORIES } from '@owo/contract';
import { executeNamed } from '../../platform/db';
import type { AppDeps } from '../../platform/deps';
import { lagosMonth } from '../../platform/dates';
import { cardIssuerClearingId, cardSpendCtes } from '../money';
import { cardAuthorizations } from './tables';

export type Decision = { authorizationId: string; approved: boolean; reason: string | null };

const CATEGORIES = new Set<string>(MERCHANT_CATEGORIES);
const CURRENCIES = new Set<string>(CARD_CURRENCIES);

/**
 * The authorisation decision as ONE statement (one round trip, no BEGIN/COMMIT, a named prepared
 * statement planned once per connection): lock the card row (`c`, FOR NO KEY UPDATE: when another
 * decision held it, PostgreSQL hands back the row as that one left it), lock and read the card's ledger
 * balance the same way (`b`: a plain read in this statement would be the pre-lock snapshot, and two
 * concurrent authorisations would both pass), decide (`d`: state, single use, currency, category,
 * per-transaction and this Lagos month's limit, balance), record the decision once per issuer
 * authorisation id (`a`, unique: a repeat inserts nothing and so moves nothing), and for an approval
 * the money, written by the money module's CTEs (`cardSpendCtes`: the company's `transactions` row,
 * card_spend, pending until settled; the journal entry card -> clearing:card-issuer with its postings)
 * and the month's spend on the card. Lock order card -> ledger account, as funding and termination.
 */
const AUTHORIZE_SQL = (p: {
  token: string;
  authRowId: string;
  transactionId: string;
  authorizationId: string;
  amount: number;
  currency: string;
  merchant: string;
  category: string;
  checkCategory: string;
  month: string;
  clearingId: string | null;
}) => sql`
  with c as materialized (
    select id, account_id, ledger_account_id, wallet_id, currency, status, single_use, used,
           allowed_categories, per_transaction_limit_minor, monthly_limit_minor, last4,
           case when spent_month = ${p.month}::text then spent_month_minor else 0 end as spent
      from cards where issuer_token = ${p.token}::text
       for no key update
  ), b as materialized (
    select la.balance from ledger_accounts la join c on la.id = c.ledger_account_id for no key update of la
  ), d as materialized (
    select c.*, case
      when c.status = 'frozen' then 'card_frozen'
      when c.status = 'terminated' then 'card_terminated'
      when c.single_use and c.used then 'single_use_card_already_used'
      when c.currency <> ${p.currency}::text then 'currency_not_supported'
      when cardinality(c.allowed_categories) > 0 and not (${p.checkCategory}::text = any(c.allowed_categories))
        then 'merchant_category_not_allowed'
      when ${p.amount}::bigint > c.per_transaction_limit_minor then 'over_transaction_limit'
      when c.spent + ${p.amount}::bigint > c.monthly_limit_minor then 'over_monthly_limit'
      when c.wallet_id is null or ${p.clearingId}::uuid is null
        or coalesce((select balance from b), 0) < ${p.amount}::bigint then 'insufficient_funds'
    end as reason from c
  ), a as (
    insert into card_authorizations (id, account_id, card_id, issuer_authorization_id, amount_minor, currency,
                                     merchant_name, category, status, decline_reason, transaction_id)
    select ${p.authRowId}::uuid, d.account_id, d.id, ${p.authorizationId}::text, ${p.amount}::bigint, ${p.currency}::text,
           ${p.merchant}::text, ${p.category}::text, case when d.reason is null then 'approved' else 'declined' end,
           d.reason, case when d.reason is null then ${p.transactionId}::uuid end
      from d
    on conflict (issuer_authorization_id) do nothing
    returning id, status, card_id
  ), ${cardSpendCtes({
    card: sql`d`,
    approved: sql`join a on a.status = 'approved'`,
    transactionId: p.transactionId,
    amount: p.amount,
    reference: sql`'crd_' || ${p.authRowId}::text`,
    merchant: p.merchant,
    narration: sql`${p.merchant}::text || ' (card •••• ' || d.last4 || ')'`,
    sourceId: sql`d.id::text`,
    metadata: sql`jsonb_build_object('authorizationId', ${p.authorizationId}::text, 'category', ${p.category}::text)`,
    memo: sql`${p.merchant}::text || ' (' || ${p.authorizationId}::text || ')'`,
    clearingId: p.clearingId,
  })}, u as (
    update cards set spent_month = ${p.month}::text,
           spent_month_minor = (case when cards.spent_month = ${p.month}::text then cards.spent_month_minor else 0 end) + ${p.amount}::bigint,
           used = cards.used or cards.single_use, updated_at = now()
      from a where cards.id = a.card_id and a.status = 'approved'
    returning 1
  )
  select d.reason, (select count(*) from a)::int as inserted from d`;

/**
 * One authorisation decision, in one statement (see AUTHORIZE_SQL). A repeated issuer authorisation
 * id answers the first decision.
 */
export async function authorize(deps: AppDeps, ev: CardIssuerEvent): Promise<Decision> {
  const e = ev.data;
  const clearingId = CURRENCIES.has(e.currency) ? await cardIssuerClearingId(deps.db, e.currency) : null;
  const rows = await executeNamed(
    deps.db,
    'owo_card_authorize',
    AUTHORIZE_SQL({
      token: e.cardToken,
      authRowId: randomUUID(),
      transactionId: randomUUID(),
      authorizationId: e.authorizationId,
      amount: e.amount,
      currency: e.currency,
      merchant: e.merchant.name,
      category: e.merchant.category,
      checkCategory: CATEGORIES.has(e.merchant.category) ? e.merchant.category : 'other',
      month: lagosMonth(),
      clearingId,
    }),
  );
  const row = rows[0] as { reason: string | null; inserted: number } | undefined;
  if (!row) return { authorizationId: e.authorizationId, approved: false, reason: 'card_not_found' };
  if (row.inserted) return { authorizationId: e.authorizationId, approved: !row.reason, reason: row.reason };
  // A repeated issuer authorisation id answers its first decision (and moved nothing now).
  const [seen] = await deps.db
    .select({ status: cardAuthorizations.status, reason: cardAuthorizations.declineReason })
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.issuerAuthorizationId, e.authorizationId));
  return {
    authorizationId: e.authorizationId,
    approved: !!seen && seen.status !== 'declined',
    reason: seen ? seen.reason : 'authorization_in_progress',
  };
}
