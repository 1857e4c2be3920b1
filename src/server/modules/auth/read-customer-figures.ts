// The Overview's customers, in one pass over users: the money held in every wallet now (the shop owes it), and
// the customers who signed up in the period and in the span before it.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Range = { start: Date; cutoff: Date; previousStart: Date; previousEnd: Date };

export async function readCustomerFigures(db: Db, p: Range) {
  const [start, cutoff, ps, pe] = [p.start, p.cutoff, p.previousStart, p.previousEnd].map((d) =>
    d.toISOString(),
  );
  const { rows } = await db.execute<{ held: number; current: number; previous: number }>(sql`
    select coalesce(sum(wallet_balance_kobo), 0)::bigint as held,
           count(*) filter (where not is_admin and created_at >= ${start} and created_at < ${cutoff})::int as current,
           count(*) filter (where not is_admin and created_at >= ${ps} and created_at < ${pe})::int as previous
      from users`);
  const row = rows[0]!;
  return {
    balancesHeldKobo: Number(row.held),
    newCustomers: { current: Number(row.current), previous: Number(row.previous) },
  };
}
