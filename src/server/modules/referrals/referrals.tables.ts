// Referral rewards: each customer's code, who brought whom (or why not), the reward of each credited top-up,
// and the programme's switch.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { REFERRAL_REFUSALS } from '../../../shared/referrals.ts';
import { users } from '../auth/auth.tables.ts';
import { payments } from '../payments/payments.tables.ts';
import { transactions } from '../wallet/wallet.tables.ts';

/** A customer's referral code (the /r/CODE link), made the first time they look at it. */
export const referralCodes = pgTable('referral_codes', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  code: text('code').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per sign-up through a link: tied to its referrer, or refused with its reason (shared/referrals.ts). */
export const referrals = pgTable(
  'referrals',
  {
    /** A person is brought by one referrer at most, at sign-up only. */
    refereeId: uuid('referee_id')
      .primaryKey()
      .references(() => users.id),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['tied', 'refused'] }).notNull(),
    refusal: text('refusal', { enum: REFERRAL_REFUSALS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerId),
    check('referrals_status', sql`${t.status} in ('tied', 'refused')`),
    // A refused sign-up says why, a tied one has no reason; the reasons are shared/referrals.ts's closed union.
    check(
      'referrals_refusal',
      sql`(${t.status} = 'refused') = (${t.refusal} is not null) and ${t.refusal} in (${sql.raw(REFERRAL_REFUSALS.map((r) => `'${r}'`).join(', '))})`,
    ),
  ],
);

/** The reward of one credited top-up: one per payment (the key), written in the credit's transaction. */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    refereeId: uuid('referee_id')
      .notNull()
      .references(() => referrals.refereeId),
    /** The referrer's ledger row (type referral_reward) for amountKobo. */
    transactionId: uuid('transaction_id')
      .notNull()
      .unique()
      .references(() => transactions.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_rewards_referrer_idx').on(t.referrerId),
    index('referral_rewards_referee_idx').on(t.refereeId),
    check('referral_rewards_positive', sql`${t.amountKobo} > 0`),
  ],
);

/** The programme's switch: one row (id true), absent until an admin first switches; absent means on. */
export const referralSettings = pgTable(
  'referral_settings',
  {
    id: boolean('id').primaryKey().default(true),
    isEnabled: boolean('is_enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [check('referral_settings_one_row', sql`${t.id}`)],
);
