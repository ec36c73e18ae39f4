import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from '../../platform/tenancy-tables';

/** Products and services (001 §3): price in kobo; category Inflow or Outflow. */
export const productsAndServices = pgTable(
  'products_and_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    category: text('category').$type<'Inflow' | 'Outflow'>().notNull().default('Outflow'),
    quantity: integer('quantity').notNull().default(1),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('products_and_services_account_idx').on(t.accountId, t.name)],
);

/** Payout assets (001 §3): equipment a payout can be made for; every descriptive field required. */
export const payoutAssets = pgTable(
  'payout_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    brand: text('brand').notNull(),
    modelNo: text('model_no').notNull(),
    serialNo: text('serial_no').notNull(),
    location: text('location').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payout_assets_account_created_idx').on(t.accountId, t.createdAt),
    uniqueIndex('payout_assets_account_serial_key').on(t.accountId, sql`lower(${t.serialNo})`),
  ],
);

/** An asset's inventory: products of the same account and their quantities (001 §3 inventory list). */
export const payoutAssetInventory = pgTable(
  'payout_asset_inventory',
  {
    assetId: uuid('asset_id')
      .notNull()
      .references(() => payoutAssets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => productsAndServices.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.productId] }),
    index('payout_asset_inventory_product_idx').on(t.productId),
  ],
);
