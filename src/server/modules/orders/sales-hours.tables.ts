// The Overview's rollup of sales: completed orders per hour (UTC) per product group, for every hour before the
// watermark (sales_rollup.sales_through). Our own orders are never updated, so an hour once closed never changes: the
// rollup is written when the Overview is read (roll_sales_hours(), db/functions/50), never by the purchase, and the
// ledger check compares it with the orders (docs/decisions/031-owner-overview.md). The one exception, a supplier's
// product completed after its hour closed, is added by its delivery (suppliers/settle-upstream-purchase.ts).
import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

export const salesHours = pgTable(
  'sales_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    productGroupId: uuid('product_group_id').notNull(),
    orders: integer('orders').notNull(),
    units: integer('units').notNull(),
    revenueKobo: bigint('revenue_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.productGroupId] })],
);

/**
 * The same sums per shop day (Africa/Lagos) per product group: the day row is the sum of its hours in sales_hours,
 * complete once the watermark passed the day's end. Long periods read days, their edges hours (ADR 031).
 */
export const salesDays = pgTable(
  'sales_days',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    productGroupId: uuid('product_group_id').notNull(),
    orders: integer('orders').notNull(),
    units: integer('units').notNull(),
    revenueKobo: bigint('revenue_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productGroupId] })],
);

/** One row: every hour before sales_through is in sales_hours; the orders after it are read as they are. */
export const salesRollup = pgTable(
  'sales_rollup',
  {
    id: integer('id').primaryKey(),
    salesThrough: timestamp('sales_through', { withTimezone: true }).notNull(),
  },
  (t) => [check('sales_rollup_one_row', sql`${t.id} = 1`)],
);
