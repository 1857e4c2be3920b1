// Top-up payments: the server-side record of each checkout, kept until it is credited, failed or expired.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'expired'] as const;

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reference: text('reference').notNull(),
    provider: text('provider').notNull(),
    providerReference: text('provider_reference'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NGN'),
    checkoutUrl: text('checkout_url'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    statusMessage: text('status_message'),
    checkAttempts: integer('check_attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    uniqueIndex('payments_provider_reference_key').on(t.providerReference),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_pending_idx').on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
    check('payments_status', sql`${t.status} in ('pending', 'completed', 'failed', 'expired')`),
    check('payments_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
