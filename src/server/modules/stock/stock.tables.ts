// Individual accounts for sale. Credentials are AES-256-GCM ciphertexts, never plaintext.
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountStatus } from '../../db/domains.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const stockAccounts = pgTable(
  'individual_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productGroupId: uuid('product_group_id')
      .notNull()
      .references(() => productGroups.id),
    username: text('username').notNull(),
    email: text('email'),
    passwordEnc: bytea('password_enc').notNull(),
    emailPasswordEnc: bytea('email_password_enc'),
    twoFaCodeEnc: bytea('two_fa_code_enc'),
    additionalInfo: jsonb('additional_info').$type<Record<string, unknown>>().notNull().default({}),
    status: accountStatus('status').notNull().default('available'),
    orderId: uuid('order_id').references(() => orders.id),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An account in stock has no order: only sold ones are indexed (an import writes one index entry less per row).
    index('individual_accounts_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    // The purchase claims the oldest available accounts of a group: this index hands them over in order.
    index('individual_accounts_available_idx')
      .on(t.productGroupId, t.createdAt, t.id)
      .where(sql`${t.status} = 'available'`),
    uniqueIndex('individual_accounts_group_username_key').on(
      t.productGroupId,
      sql`lower(${t.username})`,
    ),
    uniqueIndex('individual_accounts_group_email_key')
      .on(t.productGroupId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    // The status is a domain (domains.ts). This rule spans three columns, so it stays a CHECK, inline: as a
    // function it saved the purchase nothing (scripts/bench/PERFORMANCE-LOG.md, "Purchase (ADR 011)",
    // "Session 13"), and the CSV import would pay a function call for every row.
    check(
      'individual_accounts_sold_has_order',
      sql`(${t.status} in ('sold', 'replaced', 'refunded')) = (${t.orderId} is not null and ${t.soldAt} is not null)`,
    ),
  ],
);

/**
 * One row: a known value sealed with the credentials key of the first start. Every start must open it, so a
 * process with another key (another DATA_DIR, a lost or mistyped CREDENTIALS_KEY) refuses to start instead of
 * sealing new stock that the others cannot read.
 */
export const credentialsKeyCheck = pgTable(
  'credentials_key_check',
  {
    id: smallint('id').primaryKey().default(1),
    sealed: bytea('sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credentials_key_check_single_row', sql`${t.id} = 1`)],
);

/**
 * Purchases not yet folded into product_groups.stock_count: each purchase appends its -quantity here (no hot
 * row: concurrent purchases of one group never wait for each other), and refreshStockCounts folds them in
 * after commit. At every commit point stock_count + the sum of a group's deltas = its available accounts.
 * No foreign key on purpose: a key check would lock the group row (KEY SHARE) from every purchase.
 */
export const stockCountPending = pgTable(
  'stock_count_pending',
  {
    // No key: rows are only appended, and folded away a whole group at a time (a key would cost every
    // purchase one more index entry).
    productGroupId: uuid('product_group_id').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('stock_count_pending_group_idx').on(t.productGroupId)],
);
