import { bigint, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { RequestDecision, RequestPurpose, RequestStatus } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';

/**
 * A fund request (issue 23 §0 "Requests"): a member asks the company to pay `amount` for a purpose,
 * to a vendor (`payee_id`) or to the member's own resolved bank account. The payee's name and bank
 * are copied at creation for the list; the money moves through a payout created at the final
 * approval (`payout_id`). `status` is stored up to 'paying'; completed/failed are read from the payout.
 */
export const fundRequests = pgTable(
  'fund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    subsidiaryId: uuid('subsidiary_id'),
    reference: text('reference').notNull(),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    makerName: text('maker_name').notNull(),
    walletId: uuid('wallet_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    purpose: text('purpose').$type<RequestPurpose>().notNull(),
    narration: text('narration').notNull(),
    payeeKind: text('payee_kind').$type<'vendor' | 'self'>().notNull(),
    payeeId: uuid('payee_id'),
    payeeName: text('payee_name').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    status: text('status').$type<RequestStatus>().notNull().default('pending'),
    decision: text('decision').$type<RequestDecision>(),
    scheduledDate: date('scheduled_date'),
    payoutId: uuid('payout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fund_requests_reference_key').on(t.reference),
    index('fund_requests_account_created_idx').on(t.accountId, t.createdAt),
  ],
);
