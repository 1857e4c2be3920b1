// The reconciler: claims due pending payments (SKIP LOCKED, so many app processes share the work) and
// settles each; a payment that succeeds after the browser gave up is still credited.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const CLAIM_SECONDS = 120;

/** Returns how many payments it looked at; the job loop repeats while there were some. */
export async function reconcileDuePayments(db: Db, settle: (paymentId: string) => Promise<unknown>, limit = 20): Promise<number> {
  const claimed = await db.execute<{ id: string }>(sql`
    update payments set next_check_at = now() + make_interval(secs => ${CLAIM_SECONDS})
    where id in (
      select id from payments
      where status = 'pending' and next_check_at <= now()
      order by next_check_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  for (const { id } of claimed.rows) await settle(id);
  return claimed.rows.length;
}
