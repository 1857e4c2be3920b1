// The Overview's rollup of top-ups: payments per hour started (UTC) and current status, with their amount. A
// statement trigger on payments (db/functions/51) appends each change to topup_hour_changes (append-only: no row
// that every top-up would wait on); fold_topup_hours() moves them into topup_hours when the Overview is read. The
// two together always equal the payments (the ledger check compares them). The fold adds the same changes to each
// shop day (topup_days), so a long period reads a row per day rather than 24.
import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES } from '../../../shared/payments.ts';

export const topupHours = pgTable(
  'topup_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    payments: integer('payments').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status] })],
);

/** Changes not yet folded: signed counts and amounts, one row per statement and (hour, status). */
export const topupHourChanges = pgTable('topup_hour_changes', {
  hour: timestamp('hour', { withTimezone: true }).notNull(),
  status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
  payments: integer('payments').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
});

/** The folded hours summed per shop day (midnight in Africa/Lagos); always topup_hours grouped by day. */
export const topupDays = pgTable(
  'topup_days',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    payments: integer('payments').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);
