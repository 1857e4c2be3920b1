// The Overview's after-sale figures: accounts refunded and replaced (reports resolved so) in the period and in
// the span before it.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Range = { start: Date; cutoff: Date; previousStart: Date; previousEnd: Date };

export async function readAfterSaleFigures(db: Db, p: Range) {
  const [start, cutoff, ps, pe] = [p.start, p.cutoff, p.previousStart, p.previousEnd].map((d) =>
    d.toISOString(),
  );
  const { rows } = await db.execute<{ status: string; current: number; previous: number }>(sql`
    select status,
           count(*) filter (where resolved_at >= ${start} and resolved_at < ${cutoff})::int as current,
           count(*) filter (where resolved_at >= ${ps} and resolved_at < ${pe})::int as previous
      from account_reports
     where status in ('refunded', 'replaced')
       and ((resolved_at >= ${ps} and resolved_at < ${pe}) or (resolved_at >= ${start} and resolved_at < ${cutoff}))
     group by status`);
  const pair = (status: string) => {
    const r = rows.find((x) => x.status === status);
    return { current: Number(r?.current ?? 0), previous: Number(r?.previous ?? 0) };
  };
  return { refunds: pair('refunded'), replacements: pair('replaced') };
}
