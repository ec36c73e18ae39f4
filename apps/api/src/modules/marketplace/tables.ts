// Marketplace (issue 26): saved meters, vending orders (the approvable record) and vendings (one per
// meter, each with its own money hold through the money core), plus the sandbox vending provider's own
// books (it behaves like an outside provider: its state is in PostgreSQL, shared by every process).
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { VendType } from '@owo/contract';
import { accounts, users } from '../../platform/tenancy-tables';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const meters = pgTable(
  'meters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    meterNo: text('meter_no').notNull(),
    disco: text('disco').notNull(),
    vendType: text('vend_type').$type<VendType>().notNull(),
    /** The name and address the provider verified (never what the form typed). */
    name: text('name').notNull(),
    address: text('address').notNull(),
    label: text('label'),
    phoneNo: text('phone_no').notNull(),
    email: text('email').notNull().default(''),
    state: text('state').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meters_account_disco_meter_key').on(t.accountId, t.disco, t.meterNo),
    index('meters_account_created_idx').on(t.accountId, t.createdAt),
  ],
);

/** One purchase (single or bulk): the record the approvals engine decides (type `marketplace`). */
export const vendingOrders = pgTable(
  'vending_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull().unique('vending_orders_reference_key'),
    walletId: uuid('wallet_id').notNull(),
    currency: text('currency').notNull(),
    makerUserId: uuid('maker_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('vending_orders_account_idx').on(t.accountId, t.createdAt)],
);

export type VendingState = 'held' | 'released' | 'vending' | 'success' | 'failed';
export type VendingMeta = {
  vertical: 'ELECTRICITY';
  meter: string;
  name: string;
  address: string;
  disco: string;
  vendType: VendType;
  label: string | null;
  phoneNo: string;
};
export type VendingResponse = {
  token: string | null;
  units: string | null;
  receiptNo: string | null;
  orderId: string | null;
  debtAmountMinor: number | null;
  debtRemainingMinor: number | null;
};

/**
 * One meter's purchase. State: held (money held, awaiting approval) -> released (rejected: money back)
 * -> held again (resolved or amount updated: a new attempt) ; held -> vending (approved, sent to the
 * provider under `<reference>-<attempt>`) -> success | failed (hold released to the wallet).
 */
export const vendings = pgTable(
  'vendings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => vendingOrders.id, { onDelete: 'cascade' }),
    meterId: uuid('meter_id').notNull(),
    reference: text('reference').notNull().unique('vendings_reference_key'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    attempt: integer('attempt').notNull().default(1),
    state: text('state').$type<VendingState>().notNull().default('held'),
    /** The order's approval status, kept here for the lists (pending | approved | rejected). */
    approvalStatus: text('approval_status').notNull().default('pending'),
    /** The money core's payout transaction of the current attempt (its reference is the request id). */
    transactionId: uuid('transaction_id'),
    meta: jsonb('meta').$type<VendingMeta>().notNull(),
    /** The payout category whose monthly budget this electricity spend counts against (optional). */
    categoryId: uuid('category_id'),
    response: jsonb('response').$type<VendingResponse>(),
    failureReason: text('failure_reason'),
    requeries: integer('requeries').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('vendings_account_created_idx').on(t.accountId, t.createdAt),
    index('vendings_order_idx').on(t.orderId),
    index('vendings_meter_idx').on(t.accountId, t.meterId),
  ],
);

/** The sandbox provider's vends, once per request id (a second call answers the first). */
export const vendingSandboxVends = pgTable('vending_sandbox_vends', {
  requestId: text('request_id').primaryKey(),
  disco: text('disco').notNull(),
  meterNo: text('meter_no').notNull(),
  vendType: text('vend_type').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
  token: text('token'),
  units: text('units'),
  receiptNo: text('receipt_no').notNull(),
  orderId: text('order_id').notNull(),
  debtAmountMinor: bigint('debt_amount_minor', { mode: 'number' }),
  debtRemainingMinor: bigint('debt_remaining_minor', { mode: 'number' }),
  failureReason: text('failure_reason'),
  /** A delayed vend is decided when a requery comes after this time. */
  readyAt: ts('ready_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
