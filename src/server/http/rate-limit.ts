// Rate limits counted in PostgreSQL, so that every app process sees the same counts.
//
// Counting and recording are one step: a transaction takes a per-bucket advisory lock, counts the bucket's
// hits in the window and inserts this one only if it is under the limit. Under READ COMMITTED each
// statement reads a fresh snapshot, and the lock is only released when the holder commits, so the count of
// the next holder already sees the hit just stored: a burst of 40 is judged one by one, exactly as 40
// requests in a row would be. (A lone INSERT … SELECT count(*) is not enough: parallel statements share
// no snapshot and would each count the same old rows.) An attempt that must only count when it fails
// (a sign-in, a password check) is recorded first and its hit given back when it succeeds.
import { and, count, eq, gt, inArray, like, lt, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rateLimitHits, rateLimitWindows } from './rate-limit.tables.ts';
import { createBatcher } from '../db/batcher.ts';
import { AppError } from './errors.ts';

export type Limit = { bucket: string; max: number; windowMs: number };

/** 429 with Retry-After: the whole seconds until the limit has room again (at least 1). */
export function rateLimited(message: string, msUntilRoom: number): AppError {
  const seconds = String(Math.max(1, Math.ceil(msUntilRoom / 1000)));
  return new AppError('RATE_LIMITED', 429, message, { 'retry-after': seconds });
}

/** When the oldest hit of a full sliding window leaves it: the milliseconds until one more attempt counts. */
async function msUntilRoom(db: Db | Tx, { bucket, windowMs }: Omit<Limit, 'max'>): Promise<number> {
  const [row] = await db
    .select({ oldest: min(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, bucket),
        gt(rateLimitHits.createdAt, new Date(Date.now() - windowMs)),
      ),
    );
  return row?.oldest ? row.oldest.getTime() + windowMs - Date.now() : windowMs;
}

export async function countHits(
  db: Db | Tx,
  { bucket, windowMs }: Omit<Limit, 'max'>,
): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Counts this attempt against every limit at once and throws 429 (recording nothing) when any of them is
 * already full. Returns the hits' ids, for giveBack when the attempt turns out not to count.
 */
export async function consumeLimits(db: Db, limits: Limit[], message: string): Promise<string[]> {
  // Locks taken in one order (sorted buckets) so two requests sharing two buckets cannot deadlock.
  const sorted = [...limits].sort((a, b) =>
    a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0,
  );
  return db.transaction(async (tx) => {
    for (const { bucket } of sorted)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate:${bucket}`}, 0))`);
    for (const limit of sorted)
      if ((await countHits(tx, limit)) >= limit.max)
        throw rateLimited(message, await msUntilRoom(tx, limit));
    const rows = await tx
      .insert(rateLimitHits)
      .values(sorted.map(({ bucket }) => ({ bucket })))
      .returning({ id: rateLimitHits.id });
    return rows.map((r) => r.id);
  });
}

/** Counts this attempt and throws 429 when it goes past the limit. */
export async function consumeLimit(db: Db, limit: Limit, message: string): Promise<string[]> {
  return consumeLimits(db, [limit], message);
}

/** Counts one request against a windowed limit; throws 429 (RATE_LIMITED) with the message and Retry-After when it is
 *  full. */
export type WindowedLimiter = (limit: Limit, message: string) => Promise<void>;

/**
 * A limit met on every request (an API key's), without a transaction or a pool connection of its own per request:
 * the requests that arrive while a call is out wait and go together, as one call of take_rate_limits()
 * (db/functions/46-take-rate-limits.sql) on `rate_limit_windows` (unlogged: a count needs no WAL). Within a call,
 * the requests of one bucket are granted in their order of arrival up to the window's room, and across calls (and
 * processes) the bucket's row lock orders them; so a burst of 40 is judged exactly as 40 requests in a row would
 * be. The window opens at the first request after the last window ended: at most `max` per window (unlike
 * consumeLimit's sliding count, two windows back to back may let up to 2 × max through around their seam).
 */
export function createWindowedLimiter(db: Db): WindowedLimiter {
  /** One batch: for each request, null when granted, else the milliseconds until its bucket's window ends. */
  const take = async (batch: Limit[]): Promise<Array<number | null>> => {
    const byBucket = new Map<string, number[]>();
    batch.forEach(({ bucket }, i) => byBucket.set(bucket, [...(byBucket.get(bucket) ?? []), i]));
    const buckets = [...byBucket.keys()].sort();
    const first = (b: string) => batch[byBucket.get(b)![0]!]!;
    const { rows } = await db.execute<{ bucket: string; granted: number }>(sql`
      select bucket, granted from take_rate_limits(
        ${`{${buckets.map((b) => JSON.stringify(b)).join(',')}}`}::text[],
        ${`{${buckets.map((b) => byBucket.get(b)!.length).join(',')}}`}::int[],
        ${`{${buckets.map((b) => first(b).max).join(',')}}`}::int[],
        ${`{${buckets.map((b) => first(b).windowMs).join(',')}}`}::int[])`);
    const refused = rows.filter(({ bucket, granted }) => granted < byBucket.get(bucket)!.length);
    // Only when some are refused: when their bucket's window ends (the Retry-After), one read for the batch.
    const endsIn = new Map<string, number>();
    if (refused.length > 0) {
      const { rows: ends } = await db.execute<{ bucket: string; ms: number }>(sql`
        select w.bucket, extract(epoch from w.window_started_at - now()) * 1000 + b.window_ms as ms
        from rate_limit_windows w
        join unnest(${`{${refused.map((r) => JSON.stringify(r.bucket)).join(',')}}`}::text[],
                    ${`{${refused.map((r) => first(r.bucket).windowMs).join(',')}}`}::int[])
          as b(bucket, window_ms) on b.bucket = w.bucket`);
      for (const { bucket, ms } of ends) endsIn.set(bucket, Number(ms));
    }
    const answers: Array<number | null> = batch.map(() => null);
    for (const { bucket, granted } of rows)
      byBucket.get(bucket)!.forEach((i, nth) => {
        if (nth >= granted) answers[i] = endsIn.get(bucket) ?? first(bucket).windowMs;
      });
    return answers;
  };
  // One call out at a time per process; the requests that arrive meanwhile go next, together (db/batcher.ts).
  const batcher = createBatcher<Limit, number | null>({
    slots: 1,
    run: (batch) => {
      const answers = take(batch);
      return batch.map((_, i) => answers.then((a) => a[i] ?? null));
    },
  });
  return async (limit, message) => {
    const refusedFor = await batcher.call(limit);
    if (refusedFor !== null) throw rateLimited(message, refusedFor);
  };
}

/** Gives back hits recorded by consumeLimits: the attempt succeeded and only failures count. */
export async function giveBack(db: Db, hitIds: string[]): Promise<void> {
  if (hitIds.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hitIds));
}

/** Deletes hits older than every limit's window (the longest is an hour); returns how many. */
export async function pruneOldHits(db: Db, olderThanMs = 24 * 3600_000): Promise<number> {
  const before = new Date(Date.now() - olderThanMs);
  await db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStartedAt, before));
  const { rowCount } = await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before));
  return rowCount ?? 0;
}

/** Forgets every bucket keyed by this e-mail address ("…:address"): account deletion leaves no trace of it. */
export async function forgetHitsOf(tx: Db | Tx, email: string): Promise<void> {
  await tx
    .delete(rateLimitHits)
    .where(like(rateLimitHits.bucket, `%:${email.replace(/[\\%_]/g, '\\$&')}`));
}
