// The retry queue of purchases from suppliers (run by the job engine: background/background-work.ts): every pending
// purchase whose next attempt is due is sent again under its own Idempotency-Key, until the supplier's answer is
// known. It also picks up, at start-up, a purchase whose process stopped between the debit's commit and its first
// request (its attempt count is 0), and one whose process stopped mid-request (its lease ran out).
import { sql } from 'drizzle-orm';
import { attemptUpstreamPurchase, type AttemptDeps } from './attempt-upstream-purchase.ts';

/** At most this many purchases per round, this many at once: a slow supplier holds a few requests, not hundreds. */
const ROUND_SIZE = 40;
const AT_ONCE = 8;

/** One round; returns the attempts made (the engine repeats a round that did work). */
export async function retryDueUpstreamPurchases(deps: AttemptDeps): Promise<number> {
  const due = (
    await deps.db.execute(sql`select id from upstream_purchases
                               where status = 'pending' and next_attempt_at <= now()
                               order by next_attempt_at limit ${ROUND_SIZE}`)
  ).rows as { id: string }[];
  let attempted = 0;
  for (let i = 0; i < due.length; i += AT_ONCE) {
    const results = await Promise.all(
      due.slice(i, i + AT_ONCE).map((row) => attemptUpstreamPurchase(deps, row.id)),
    );
    attempted += results.filter((r) => r !== null).length;
  }
  return attempted;
}
