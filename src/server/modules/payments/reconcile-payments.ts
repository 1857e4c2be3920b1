// The reconciler: claims due payments (SKIP LOCKED, so many app processes share the work) and settles each.
// Pending ones on the fast schedule until their link expires; failed and expired ones on the slower late
// schedule for seven days after that (payment-transitions.ts), so a success that comes late is still credited.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { LATE_SUCCESS_WINDOW_MS } from './payment-transitions.ts';

const CLAIM_SECONDS = 120;

/** Returns how many payments it looked at; the job loop repeats while there were some. */
export async function reconcileDuePayments(
  db: Db,
  settle: (paymentId: string) => Promise<unknown>,
  limit = 20,
): Promise<number> {
  const lateWindow = `${LATE_SUCCESS_WINDOW_MS / 1000} seconds`;
  const claimed = await db.execute<{ id: string }>(sql`
    with due as (
      select id from payments
      where status = 'pending' and next_check_at <= now()
      order by next_check_at limit ${limit} for update skip locked
    ), late as (
      select id from payments
      where status in ('failed', 'expired') and provider_reference is not null and next_check_at <= now()
        and expires_at > now() - ${lateWindow}::interval
      order by next_check_at limit ${limit} for update skip locked
    )
    update payments set next_check_at = now() + make_interval(secs => ${CLAIM_SECONDS})
    where id in (select id from due union all select id from late)
    returning id`);
  for (const { id } of claimed.rows) await settle(id);
  return claimed.rows.length;
}
