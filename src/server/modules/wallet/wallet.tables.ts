// The wallet ledger: one row per money movement; a balance always equals the sum of its completed rows.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { nonNegativeKobo, transactionStatus, transactionType } from '../../db/domains.ts';
import { users } from '../auth/auth.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { payments } from '../payments/payments.tables.ts';
import { accountReports } from '../reports/reports.tables.ts';

export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: transactionType('type').notNull(),
    /** Signed: credits positive; purchases and admin debits negative. */
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    balanceAfterKobo: nonNegativeKobo('balance_after_kobo').notNull(),
    description: text('description').notNull(),
    reference: text('reference').notNull(),
    status: transactionStatus('status').notNull(),
    ercasReference: text('ercas_reference'),
    paymentId: uuid('payment_id').references(() => payments.id),
    orderId: uuid('order_id').references(() => orders.id),
    /** A refund's report: one refund per report. */
    reportId: uuid('report_id').references(() => accountReports.id),
    actor: text('actor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A purchase's reference is 'ORD-' and 8 characters of its order id (SPEC.md §7): two orders may share
    // them (after about 77,000 orders, more likely than not), so purchases are unique by transactions_order_key
    // instead; every other reference (top-up, adjustment, refund) stays unique.
    uniqueIndex('transactions_reference_key')
      .on(t.reference)
      .where(sql`${t.type} <> 'purchase'`),
    // Exactly-once: one ledger row per payment, one purchase per order, one refund per report. Partial, so a
    // purchase writes no entry into the indexes of the columns it leaves empty.
    uniqueIndex('transactions_payment_key')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    uniqueIndex('transactions_order_key')
      .on(t.orderId)
      .where(sql`${t.type} = 'purchase'`),
    uniqueIndex('transactions_report_key')
      .on(t.reportId)
      .where(sql`${t.reportId} is not null`),
    index('transactions_user_idx').on(t.userId, t.createdAt),
    // Type, status and a balance never below zero are the column types (domains.ts). The rules across columns
    // (the sign matches the type; a refund, and only a refund, links its report and order) are one immutable
    // function (db/functions/10-transaction-is-consistent.sql, first made in drizzle/0017): each write re-reads one short call instead of 3,400 characters of
    // expression.
    check(
      'transactions_consistent',
      sql`transaction_is_consistent(${t.type}, ${t.amountKobo}, ${t.reportId}, ${t.orderId})`,
    ),
  ],
);
