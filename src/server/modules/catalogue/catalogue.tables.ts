// Categories and product groups ("product templates" in the admin console).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { VolumePrice } from '../../../shared/volume-prices.ts';

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productGroups = pgTable(
  'product_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onUpdate: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    stockCount: integer('stock_count').notNull().default(0),
    // How many accounts one order of this group may hold (the admin sets them; null: up to MAX_QUANTITY). The
    // purchase enforces them (db/functions/05-order-quantity-allowed.sql, called by both purchase functions).
    minOrderQuantity: integer('min_order_quantity').notNull().default(1),
    maxOrderQuantity: integer('max_order_quantity'),
    // Volume prices (from minQuantity accounts, priceKobo each), by minQuantity ascending; the purchase applies the
    // highest one an order reaches (db/functions/06-unit-price.sql, called by both purchase functions).
    volumePrices: jsonb('volume_prices').$type<VolumePrice[]>().notNull().default([]),
    // Where a purchase's claim starts looking (created_at, id): no available account of the group is older.
    // Kept by the stock count's writers (stock-count.ts, refresh_stock_count()), so the claim skips the sold
    // accounts a vacuum has not yet removed from the index; null means from the group's first account.
    claimFromCreatedAt: timestamp('claim_from_created_at', { withTimezone: true }),
    claimFromId: uuid('claim_from_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_groups_category_idx').on(t.categoryId),
    check('product_groups_price_not_negative', sql`${t.priceKobo} >= 0`),
    check('product_groups_stock_not_negative', sql`${t.stockCount} >= 0`),
    check('product_groups_volume_prices', sql`jsonb_typeof(${t.volumePrices}) = 'array'`),
    check(
      'product_groups_order_quantities',
      sql`${t.minOrderQuantity} >= 1 and (${t.maxOrderQuantity} is null or ${t.maxOrderQuantity} >= ${t.minOrderQuantity})`,
    ),
  ],
);
