// The limit on second-factor codes, counted and recorded in one atomic step: each try takes a slot under a
// per-account advisory lock (count, then insert, in one transaction), so 40 tries at once see exactly the limit;
// a right code gives its slot back, so only wrong codes stay counted.
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import { rateLimitHits } from '../../../http/rate-limit.tables.ts';
import { SECOND_FACTOR_LIMIT, twoFactorMessages } from '../../../../shared/two-factor.ts';

export const secondFactorBucket = (userId: string) => `second-factor:user:${userId}`;

/** Takes a slot, or throws 429 when the account's window is full; returns the slot to give back. */
export async function takeSecondFactorSlot(db: Db, userId: string): Promise<string> {
  const bucket = secondFactorBucket(userId);
  const slot = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${bucket}))`);
    const since = new Date(Date.now() - SECOND_FACTOR_LIMIT.windowMs);
    const [row] = await tx
      .select({ n: count() })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.createdAt, since)));
    if ((row?.n ?? 0) >= SECOND_FACTOR_LIMIT.max) return null;
    const [hit] = await tx
      .insert(rateLimitHits)
      .values({ bucket })
      .returning({ id: rateLimitHits.id });
    return hit!.id;
  });
  if (!slot) throw new AppError('RATE_LIMITED', 429, twoFactorMessages.tooManyCodes);
  return slot;
}

export async function giveBackSlot(db: Db, slot: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.id, slot));
}
