// The built-in sandbox provider's own state: one row per checkout it opened, as ErcasPay would keep it.
import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PROVIDER_STATUSES } from '../../../shared/payments.ts';

export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    // Shaped like ErcasPay's (ERCS|SANDBOX|<timestamp>|<random>) so the rest of the server cannot tell them apart.
    transactionReference: text('transaction_reference').primaryKey(),
    paymentReference: text('payment_reference').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: PROVIDER_STATUSES }).notNull().default('PENDING'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_checkouts_payment_reference_key').on(t.paymentReference),
    check(
      'sandbox_checkouts_status',
      sql`${t.status} in ('PENDING', 'SUCCESSFUL', 'FAILED', 'CANCELLED')`,
    ),
    check('sandbox_checkouts_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
