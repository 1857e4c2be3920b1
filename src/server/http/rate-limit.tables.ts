// The rate limiter's counted attempts, shared by every app process (see rate-limit.ts). No foreign key:
// a bucket names what it counts (an address, an e-mail), not a row.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
 * The previous release's fixed windows for API keys (its take_rate_limits(), db/functions/48-*.sql); the current
 * release counts every limit in rate_limit_hits. Drop with that function once no release that calls it runs.
 * UNLOGGED (hand-written in the migration).
 */
export const rateLimitWindows = pgTable('rate_limit_windows', {
  bucket: text('bucket').primaryKey(),
  used: integer('used').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
