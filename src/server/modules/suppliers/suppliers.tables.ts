// Suppliers (issue 54): stores of this kind whose reseller API we buy from, the products they offer, which of our
// product groups sells which of them, and each purchase we make from them for one of our orders. The catalogue does
// not know suppliers: a listing points at its product group, so the dependency runs suppliers → catalogue.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_LOW_SUPPLIER_BALANCE_KOBO,
  MAX_MARKUP_BASIS_POINTS,
  SUPPLIER_STATUSES,
  UPSTREAM_PURCHASE_STATUSES,
} from '../../../shared/suppliers.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The supplier store's origin, without a trailing slash: its API is at `${baseUrl}/api/v1`. */
    baseUrl: text('base_url').notNull(),
    /** Sealed with the credentials key, like stock credentials (maintenance/sealed-values.ts rotates it). */
    apiKeyEnc: bytea('api_key_enc').notNull(),
    keyHint: text('key_hint').notNull(),
    /** The supplier's webhook signing secret for our endpoint there, sealed; null: no webhooks, refresh only. */
    webhookSecretEnc: bytea('webhook_secret_enc'),
    lowBalanceKobo: bigint('low_balance_kobo', { mode: 'number' })
      .notNull()
      .default(DEFAULT_LOW_SUPPLIER_BALANCE_KOBO),
    status: text('status').$type<(typeof SUPPLIER_STATUSES)[number]>().notNull().default('ok'),
    lastError: text('last_error'),
    /** Our balance at the supplier, as its last answer said. */
    balanceKobo: bigint('balance_kobo', { mode: 'number' }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suppliers_base_url_key').on(t.baseUrl),
    check('suppliers_status', sql`${t.status} in (${quoted(SUPPLIER_STATUSES)})`),
    check('suppliers_low_balance_not_negative', sql`${t.lowBalanceKobo} >= 0`),
  ],
);

/** A supplier's product as its catalogue last said (refreshed periodically and on its webhooks). */
export const supplierProducts = pgTable(
  'supplier_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** The supplier's product group id: what POST /api/v1/orders buys there. */
    upstreamId: text('upstream_id').notNull(),
    name: text('name').notNull(),
    categoryName: text('category_name').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    stockCount: integer('stock_count').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    maxOrderQuantity: integer('max_order_quantity'),
    /** false: gone from the supplier's catalogue at the last refresh. */
    offered: boolean('offered').notNull().default(true),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_products_upstream_key').on(t.supplierId, t.upstreamId),
    check('supplier_products_price_not_negative', sql`${t.priceKobo} >= 0`),
    check('supplier_products_stock_not_negative', sql`${t.stockCount} >= 0`),
  ],
);

/**
 * Our product group selling a supplier product: its stock is the supplier's (never more than the supplier said) and
 * its price our own (fixed, on the group) or the supplier's price plus a markup (kept on the group at each refresh).
 */
export const supplierListings = pgTable(
  'supplier_listings',
  {
    productGroupId: uuid('product_group_id')
      .primaryKey()
      .references(() => productGroups.id),
    supplierProductId: uuid('supplier_product_id')
      .notNull()
      .references(() => supplierProducts.id),
    /** null: a fixed price (the group's price_kobo); else basis points over the supplier's price (1 % = 100). */
    markupBasisPoints: integer('markup_basis_points'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_listings_product_key').on(t.supplierProductId),
    check(
      'supplier_listings_markup',
      sql`${t.markupBasisPoints} is null or ${t.markupBasisPoints} between 0 and ${sql.raw(String(MAX_MARKUP_BASIS_POINTS))}`,
    ),
  ],
);

/**
 * One purchase from a supplier for one of our orders, written in the transaction that debits our customer, with
 * the Idempotency-Key every attempt sends: the supplier answers a repeated key with the same order, so a retry
 * after a lost answer never buys twice.
 */
export const upstreamPurchases = pgTable(
  'upstream_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    supplierProductId: uuid('supplier_product_id')
      .notNull()
      .references(() => supplierProducts.id),
    upstreamProductId: text('upstream_product_id').notNull(),
    quantity: integer('quantity').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status')
      .$type<(typeof UPSTREAM_PURCHASE_STATUSES)[number]>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The supplier's order id, once an answer said it. */
    upstreamOrderId: text('upstream_order_id'),
    /** What the supplier answered when it refused (shown to the owner; our customer reads our own message). */
    refusal: text('refusal'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('upstream_purchases_order_key').on(t.orderId),
    uniqueIndex('upstream_purchases_idempotency_key').on(t.idempotencyKey),
    index('upstream_purchases_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('upstream_purchases_status', sql`${t.status} in (${quoted(UPSTREAM_PURCHASE_STATUSES)})`),
    check('upstream_purchases_quantity_positive', sql`${t.quantity} >= 1`),
    check('upstream_purchases_settled', sql`(${t.status} = 'pending') = (${t.settledAt} is null)`),
  ],
);
