// Orders: one purchase of one or many accounts from one product group.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { nonNegativeKobo, orderStatus, positiveQuantity } from '../../db/domains.ts';
import { users } from '../auth/auth.tables.ts';
import { promoCodes } from '../promotions/promotions.tables.ts';

/** Public details kept with the order; credentials stay encrypted on the linked accounts. */
export type OrderAccountDetails = {
  product_name: string;
  category: string;
  quantity: number;
  /** What each account cost: the volume price at this quantity (06-unit-price.sql), else the list price. */
  price_per_unit_kobo: number;
  /** The group's list price then (orders before volume prices: absent, the same as price_per_unit_kobo). */
  list_price_per_unit_kobo?: number;
  /** With a promo code: the code and what it took off (the columns below say the same, for queries). */
  promo_code?: string;
  discount_kobo?: number;
  accounts: { username: string; email: string | null; additional_info: Record<string, unknown> }[];
  /** A supplier's product the supplier would not deliver (issue 54): why, for the customer's notice. */
  supplier_refusal?: 'out_of_stock' | 'refused';
};

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    // No foreign key on purpose: its check locked the group row (KEY SHARE) from every purchase, one hot row
    // for all buyers of a group. The group is kept by the order's accounts instead: they are in this group
    // (the claim takes them from it), their key on the group refuses its deletion, and a sold account is never
    // deleted. check-ledger.ts proves it after every test (docs/decisions/011-purchase-in-one-statement.md,
    // "Nothing else on the group row").
    productGroupId: uuid('product_group_id').notNull(),
    // Typed by domains (domains.ts): a quantity of at least one, an amount never below zero, a known status.
    quantity: positiveQuantity('quantity').notNull(),
    /** What was paid: the volume price × quantity, less the promo code's discount (the ledger row's amount). */
    amountKobo: nonNegativeKobo('amount_kobo').notNull(),
    /** The group's list price × quantity, before the volume price and the code. */
    listAmountKobo: nonNegativeKobo('list_amount_kobo').notNull(),
    discountKobo: nonNegativeKobo('discount_kobo').notNull().default(0),
    promoCodeId: uuid('promo_code_id').references(() => promoCodes.id),
    status: orderStatus('status').notNull(),
    accountDetails: jsonb('account_details').$type<OrderAccountDetails>().notNull(),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_group_idx').on(t.productGroupId),
    // One order per (customer, key), led by the key: the purchase functions find a key through this index alone,
    // whatever the statistics say of orders per customer (drizzle/0022; scripts/bench/PERFORMANCE-LOG.md,
    // "Purchase (ADR 011)", "Session 19").
    uniqueIndex('orders_idempotency_key_user').on(t.idempotencyKey, t.userId),
    // A code's orders (its uses per customer, the Promotions tab, the Orders tab's filter). Partial: an order
    // without a code, nearly all of them, writes no entry.
    index('orders_promo_code_user')
      .on(t.promoCodeId, t.userId)
      .where(sql`${t.promoCodeId} is not null`),
    // The Overview reads the orders since its rollup's watermark (the last hour or so) by time. BRIN: orders arrive
    // in time order, and a purchase pays next to nothing for it (docs/decisions/031-owner-overview.md).
    index('orders_created_at_brin').using('brin', t.createdAt),
  ],
);
