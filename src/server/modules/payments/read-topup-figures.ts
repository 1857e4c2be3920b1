// The Overview's top-ups, from their rollup (topup_hours and its pending changes, one statement): the funnel of
// the period's top-ups by where they stand now, and what was credited, against the span before. Folds first.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type TopupFigures = {
  funnel: { started: number; paid: number; failed: number; expired: number; pending: number };
  creditedKobo: { current: number; previous: number };
};

type Range = { start: Date; cutoff: Date; previousStart: Date; previousEnd: Date };

export async function readTopupFigures(db: Db, p: Range): Promise<TopupFigures> {
  await db.execute(sql`select fold_topup_hours()`);
  const [start, cutoff, ps, pe] = [p.start, p.cutoff, p.previousStart, p.previousEnd].map((d) =>
    d.toISOString(),
  );
  const { rows } = await db.execute<{
    status: string;
    payments: number;
    amount: number;
    previous_amount: number;
  }>(sql`
    with r as (
      select hour, status, payments, amount_kobo from topup_hours
       where (hour >= ${ps} and hour < ${pe}) or (hour >= ${start} and hour < ${cutoff})
      union all
      select hour, status, payments, amount_kobo from topup_hour_changes
       where (hour >= ${ps} and hour < ${pe}) or (hour >= ${start} and hour < ${cutoff})
    )
    select status,
           coalesce(sum(payments) filter (where hour >= ${start}), 0)::int as payments,
           coalesce(sum(amount_kobo) filter (where hour >= ${start}), 0)::bigint as amount,
           coalesce(sum(amount_kobo) filter (where hour < ${pe}), 0)::bigint as previous_amount
      from r group by status`);
  const of = (status: string) => rows.find((r) => r.status === status);
  const n = (status: string) => Number(of(status)?.payments ?? 0);
  return {
    funnel: {
      started: rows.reduce((s, r) => s + Number(r.payments), 0),
      paid: n('completed'),
      failed: n('failed'),
      expired: n('expired'),
      pending: n('pending'),
    },
    creditedKobo: {
      current: Number(of('completed')?.amount ?? 0),
      previous: Number(of('completed')?.previous_amount ?? 0),
    },
  };
}
