// Top-up payments: the server-side record of each checkout, kept until it is credited, failed or expired.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES, type VerifySource } from '../../../shared/payments.ts';
import { users } from '../auth/auth.tables.ts';

/** One provider answer (or the failure to get one), as received, secrets scrubbed. */
export type ProviderAnswer = {
  at: string;
  source: VerifySource;
  outcome: string;
  answer: unknown;
  /** The same answer seen again in a row: how often in all, and when last. */
  times?: number;
  lastAt?: string;
};

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
    /** The latest provider answers for this payment (see settle-payment.ts: MAX_STORED_ANSWERS), for audit. */
    providerAnswers: jsonb('provider_answers')
      .$type<ProviderAnswer[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    uniqueIndex('payments_provider_reference_key').on(t.providerReference),
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_pending_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'pending'`),
    // The reconciler's slower pass over failed and expired payments that a late success may still turn paid.
    index('payments_late_check_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.status} in ('failed', 'expired') and ${t.providerReference} is not null`),
    check('payments_status', sql`${t.status} in ('pending', 'completed', 'failed', 'expired')`),
    check('payments_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** When the provider's webhook last reached the store (one row per provider), for the admin's payments panel. */
export const paymentWebhooks = pgTable('payment_webhooks', {
  provider: text('provider').primaryKey(),
  lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull(),
  received: bigint('received', { mode: 'number' }).notNull().default(0),
});
