// The Overview's top-ups, from their rollup (whole shop days from topup_days, the hours at a range's edges from
// topup_hours, and the changes not folded yet, one statement): the funnel of the period's top-ups by where they
// stand now, and what was credited, against the span before. Folds first.
import { sql, type SQL } from 'drizzle-orm';
import { splitByShopDays } from '../../../shared/shop-time.ts';
import type { Db } from '../../db/client.ts';

export type TopupFigures = {
  funnel: { started: number; paid: number; failed: number; expired: number; pending: number };
  creditedKobo: { current: number; previous: number };
};

type Range = { start: Date; cutoff: Date; previousStart: Date; previousEnd: Date };

const iso = (d: Date) => d.toISOString();

/** The rollup's rows of [from, to), each standing at its day or hour, tagged with `span`. */
function topupsIn(from: Date, to: Date, span: 'cur' | 'prev'): SQL {
  const tag = sql.raw(`'${span}'`);
  const { days, hours } = splitByShopDays(from, to);
  const parts: SQL[] = [];
  if (days)
    parts.push(sql`select ${tag} as span, status, payments, amount_kobo from topup_days
                    where day >= ${iso(days[0])} and day < ${iso(days[1])}`);
  for (const [a, b] of hours)
    parts.push(sql`select ${tag} as span, status, payments, amount_kobo from topup_hours
                    where hour >= ${iso(a)} and hour < ${iso(b)}`);
  // Folded first, so these are the few changes made since: an hour each.
  parts.push(sql`select ${tag} as span, status, payments, amount_kobo from topup_hour_changes
                  where hour >= ${iso(from)} and hour < ${iso(to)}`);
  return sql.join(parts, sql` union all `);
}

export async function readTopupFigures(db: Db, p: Range): Promise<TopupFigures> {
  await db.execute(sql`select fold_topup_hours()`);
  const { rows } = await db.execute<{
    status: string;
    payments: number;
    amount: number;
    previous_amount: number;
  }>(sql`
    with r as (${topupsIn(p.start, p.cutoff, 'cur')} union all ${topupsIn(p.previousStart, p.previousEnd, 'prev')})
    select status,
           coalesce(sum(payments) filter (where span = 'cur'), 0)::int as payments,
           coalesce(sum(amount_kobo) filter (where span = 'cur'), 0)::bigint as amount,
           coalesce(sum(amount_kobo) filter (where span = 'prev'), 0)::bigint as previous_amount
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
