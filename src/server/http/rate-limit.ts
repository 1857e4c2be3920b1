// Rate limits counted in PostgreSQL, so that every app process sees the same counts.
import { and, count, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { rateLimitHits } from './rate-limit.tables.ts';
import { AppError } from './errors.ts';

export type Limit = { bucket: string; max: number; windowMs: number };

export async function countHits(db: Db, { bucket, windowMs }: Omit<Limit, 'max'>): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, since)));
  return row?.n ?? 0;
}

export async function recordHit(db: Db, bucket: string): Promise<void> {
  await db.insert(rateLimitHits).values({ bucket });
}

/** Throws 429 when a bucket already holds max hits in its window. */
export async function assertUnderLimit(db: Db, limit: Limit, message: string): Promise<void> {
  if ((await countHits(db, limit)) >= limit.max) throw new AppError('RATE_LIMITED', 429, message);
}

/** Counts this attempt and throws 429 when it goes past the limit. */
export async function consumeLimit(db: Db, limit: Limit, message: string): Promise<void> {
  await assertUnderLimit(db, limit, message);
  await recordHit(db, limit.bucket);
}

/** Deletes hits older than every limit's window (the longest is an hour); returns how many. */
export async function pruneOldHits(db: Db, olderThanMs = 24 * 3600_000): Promise<number> {
  const { rowCount } = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.createdAt, new Date(Date.now() - olderThanMs)));
  return rowCount ?? 0;
}

/** Forgets every bucket keyed by this e-mail address ("…:address"): account deletion leaves no trace of it. */
export async function forgetHitsOf(tx: Db | Tx, email: string): Promise<void> {
  await tx
    .delete(rateLimitHits)
    .where(like(rateLimitHits.bucket, `%:${email.replace(/[\\%_]/g, '\\$&')}`));
}

/**
 * Counts and records an attempt in one atomic step (a per-bucket advisory lock around count-then-insert, in
 * one transaction), so a burst sees exactly `max` pass; returns the recorded hit, which giveBackHit removes
 * when the attempt turns out right (two-factor codes count only wrong tries). Throws 429 past the limit.
 */
export async function takeHit(db: Db, limit: Limit, message: string): Promise<string> {
  const hit = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${limit.bucket}))`);
    const since = new Date(Date.now() - limit.windowMs);
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, limit.bucket), gt(rateLimitHits.createdAt, since)));
    if ((row?.n ?? 0) >= limit.max) return null;
    const [added] = await tx
      .insert(rateLimitHits)
      .values({ bucket: limit.bucket })
      .returning({ id: rateLimitHits.id });
    return added!.id;
  });
  if (!hit) throw new AppError('RATE_LIMITED', 429, message);
  return hit;
}

export async function giveBackHit(db: Db, hitId: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.id, hitId));
}
