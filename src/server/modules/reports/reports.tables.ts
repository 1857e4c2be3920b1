// Reports of bad accounts by their buyers, and how an admin resolved each (replace, refund, reject).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_REASONS, REPORT_STATUSES } from '../../../shared/reports.ts';
import { users } from '../auth/auth.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';

export const accountReports = pgTable(
  'account_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => stockAccounts.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    rejectReason: text('reject_reason'),
    replacementAccountId: uuid('replacement_account_id').references(() => stockAccounts.id),
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    resolvedByEmail: text('resolved_by_email'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open report per account: a second report while one is under review is refused by the database too.
    uniqueIndex('account_reports_one_open_key')
      .on(t.accountId)
      .where(sql`${t.status} = 'open'`),
    index('account_reports_order_idx').on(t.orderId),
    index('account_reports_status_idx').on(t.status, t.createdAt),
    check(
      'account_reports_status',
      sql`${t.status} in ('open', 'replaced', 'refunded', 'rejected')`,
    ),
    check('account_reports_resolved', sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
    check(
      'account_reports_rejected_has_reason',
      sql`(${t.status} = 'rejected') = (${t.rejectReason} is not null)`,
    ),
    check(
      'account_reports_replaced_has_account',
      sql`(${t.status} = 'replaced') = (${t.replacementAccountId} is not null)`,
    ),
  ],
);
