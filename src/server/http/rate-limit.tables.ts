// The rate limiter's counted attempts, shared by every app process (see rate-limit.ts). No foreign key:
// a bucket names what it counts (an address, an e-mail), not a row.
import { doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per counted attempt (failed sign-in, sign-up, resend), per bucket such as "login-fail:email:x". */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket_idx').on(t.bucket, t.createdAt)],
);

/**
 * Token buckets (consumeToken in rate-limit.ts): one row per bucket, taken and refilled by one statement, so a
 * limit checked on every request (an API key's) costs one round trip and no transaction of its own. UNLOGGED
 * (hand-written in the migration): a count needs no WAL, and a crash only forgets how full the buckets were.
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  bucket: text('bucket').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull(),
});
