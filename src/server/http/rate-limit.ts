// The one rate limiter: every limit (a sign-in's, a top-up's, an API key's) is a sliding window counted in PostgreSQL,
// in `rate_limit_hits`, so that every app process sees the same counts, by one step: take_rate_limit_hits()
// (db/functions/46-take-rate-limit-hits.sql), which locks each bucket, counts its hits in the window and records
// those under the limit, so a burst of 40 is judged exactly as 40 requests in a row would be. One answer when full:
// 429 with Retry-After, the seconds until the bucket's oldest hit leaves its window. An attempt that must only count
// when it fails (a sign-in, a password check) is recorded first and its hit given back when it succeeds.
import { inArray, like, lt, sql } from 'drizzle-orm';
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

type Taken = { bucket: string; granted: number; hit_ids: string[]; ms_until_room: number | null };

/** One call of take_rate_limit_hits(): `count` attempts per limit, the limits sorted by bucket by the caller. */
async function take(
  db: Db,
  limits: Array<Limit & { count: number }>,
  allOrNothing: boolean,
): Promise<Taken[]> {
  const list = (f: (l: Limit & { count: number }) => string | number) =>
    `{${limits.map((l) => f(l)).join(',')}}`;
  const { rows } = await db.execute<Taken>(sql`
    select bucket, granted, hit_ids, ms_until_room from take_rate_limit_hits(
      ${list((l) => JSON.stringify(l.bucket))}::text[], ${list((l) => l.count)}::int[],
      ${list((l) => l.max)}::int[], ${list((l) => l.windowMs)}::int[], ${allOrNothing})`);
  return rows;
}

const byBucket = (a: { bucket: string }, b: { bucket: string }) =>
  a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0;

/**
 * Counts this attempt against every limit at once and throws 429 (recording nothing) when any of them is
 * already full. Returns the hits' ids, for giveBack when the attempt turns out not to count.
 */
export async function consumeLimits(db: Db, limits: Limit[], message: string): Promise<string[]> {
  const rows = await take(
    db,
    [...limits].sort(byBucket).map((l) => ({ ...l, count: 1 })),
    true,
  );
  const full = rows.find((r) => r.ms_until_room !== null);
  if (full) throw rateLimited(message, Number(full.ms_until_room));
  return rows.flatMap((r) => r.hit_ids);
}

/** Counts this attempt and throws 429 when it goes past the limit. */
export async function consumeLimit(db: Db, limit: Limit, message: string): Promise<string[]> {
  return consumeLimits(db, [limit], message);
}

/** Counts one request against a limit; throws 429 (RATE_LIMITED) with the message and Retry-After when full. */
export type WindowedLimiter = (limit: Limit, message: string) => Promise<void>;

/**
 * The same limit for one met on every request (an API key's), without a call of its own per request: the requests
 * that arrive while a call is out wait and go together (db/batcher.ts), as one take_rate_limit_hits() that grants
 * each bucket's requests in their order of arrival up to its room.
 */
export function createWindowedLimiter(db: Db): WindowedLimiter {
  /** One batch: for each request, null when granted, else the milliseconds until its bucket has room. */
  const takeBatch = async (batch: Limit[]): Promise<Array<number | null>> => {
    const counts = new Map<string, Limit & { count: number }>();
    for (const l of batch) {
      const known = counts.get(l.bucket);
      if (known) known.count++;
      else counts.set(l.bucket, { ...l, count: 1 });
    }
    const rows = await take(db, [...counts.values()].sort(byBucket), false);
    const left = new Map(rows.map((r) => [r.bucket, r]));
    return batch.map(({ bucket }) => {
      const row = left.get(bucket)!;
      if (row.granted > 0) {
        row.granted--;
        return null;
      }
      return Number(row.ms_until_room);
    });
  };
  const batcher = createBatcher<Limit, number | null>({
    slots: 1,
    run: (batch) => {
      const answers = takeBatch(batch);
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

/** Deletes hits older than every limit's window (the longest is an hour); returns how many. The previous release's
 *  windows (rate_limit_windows) go too, until that table is dropped. */
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
