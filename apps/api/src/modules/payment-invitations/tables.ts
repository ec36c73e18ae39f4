// Payment invitations (issue 23 §0): a company's request to a payer, reached by a public link whose
// reference is stored only as its SHA-256 (the link itself is mailed and never kept).
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from '../../platform/tenancy-tables';
import { transactions } from '../money/tables';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const paymentInvitations = pgTable(
  'payment_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the 128-bit reference in the mailed link; a resend replaces it. */
    refHash: text('ref_hash').notNull(),
    payerName: text('payer_name').notNull(),
    payerEmail: text('payer_email').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    note: text('note'),
    /** Stored: pending | payerConfirmed | paid | cancelled (expired is a pending one past expires_at). */
    status: text('status')
      .$type<'pending' | 'payerConfirmed' | 'paid' | 'cancelled'>()
      .notNull()
      .default('pending'),
    method: text('method').$type<'bankTransfer' | 'usdAccount' | 'gbpAccount'>(),
    wirePurpose: text('wire_purpose'),
    narration: text('narration'),
    /**
     * The payment reference (`PAY` + 10 base32 characters, not a secret: it is printed for the payer) that a
     * deposit's narration must carry to pay this invitation; never matched by amount alone.
     */
    payRef: text('pay_ref').notNull(),
    /** The deposit that paid it (matched in the crediting transaction). */
    transactionId: uuid('transaction_id').references(() => transactions.id),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id),
    expiresAt: ts('expires_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_invitations_ref_hash_key').on(t.refHash),
    uniqueIndex('payment_invitations_pay_ref_key').on(t.payRef),
    uniqueIndex('payment_invitations_transaction_key').on(t.transactionId),
    index('payment_invitations_account_created_idx').on(t.accountId, t.createdAt),
    // The matcher's lookup: open invitations of an account by currency and amount, oldest first.
    index('payment_invitations_open_idx')
      .on(t.accountId, t.currency, t.amountMinor, t.createdAt)
      .where(sql`${t.status} in ('pending', 'payerConfirmed')`),
  ],
);
