// The Overview's sales: closed hours from the rollup (sales_hours), the orders after its watermark as they are, in
// one statement (one snapshot: an hour is counted from one side or the other, never both). Rolls first.
import { sql } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../../shared/admin-overview.ts';
import type { Db } from '../../db/client.ts';

export type SalesTotals = { orders: number; units: number; revenueKobo: number };
export type SalesFigures = {
  current: SalesTotals;
  previous: SalesTotals;
  /** Per bucket start (ms): orders and revenue. */
  buckets: Map<number, { orders: number; revenueKobo: number }>;
  products: { productGroupId: string; units: number; revenueKobo: number }[];
  /** Units sold per group since paceStart. */
  paceUnits: Map<string, number>;
};

type Range = {
  start: Date;
  cutoff: Date;
  previousStart: Date;
  previousEnd: Date;
  paceStart: Date;
  bucket: 'hour' | 'day';
};

const totals = (r: { orders?: number; units?: number; revenue?: number } | null): SalesTotals => ({
  orders: Number(r?.orders ?? 0),
  units: Number(r?.units ?? 0),
  revenueKobo: Number(r?.revenue ?? 0),
});

export async function readSalesFigures(db: Db, p: Range): Promise<SalesFigures> {
  // The watermark as a value, not a subquery: the planner then reads the orders after it through the BRIN index
  // (with a subquery it scanned all of them). A roll committed meanwhile moves nothing: orders never change.
  const rolled = await db.execute<{ through: string }>(
    sql`select roll_sales_hours()::text as through`,
  );
  const through = rolled.rows[0]!.through;
  const [start, cutoff, ps, pe, pace] = [
    p.start,
    p.cutoff,
    p.previousStart,
    p.previousEnd,
    p.paceStart,
  ].map((d) => d.toISOString());
  const inRanges = (col: ReturnType<typeof sql>) =>
    sql`((${col} >= ${ps} and ${col} < ${pe}) or (${col} >= ${start} and ${col} < ${cutoff}) or ${col} >= ${pace})`;
  const bucket = p.bucket === 'hour' ? sql`hour` : sql`date_trunc('day', hour, ${SHOP_TIME_ZONE})`;
  const sum = sql`json_build_object('orders', coalesce(sum(orders), 0), 'units', coalesce(sum(units), 0), 'revenue', coalesce(sum(revenue_kobo), 0))`;
  const { rows } = await db.execute<{
    current: Record<string, number>;
    previous: Record<string, number>;
    series: { at: string; orders: number; revenue: number }[] | null;
    products: { id: string; units: number; revenue: number }[] | null;
    pace: { id: string; units: number }[] | null;
  }>(sql`
    with h as materialized (
      select hour, product_group_id, orders, units, revenue_kobo from sales_hours
       where hour < ${through}::timestamptz and ${inRanges(sql`hour`)}
      union all
      select date_trunc('hour', created_at, 'UTC'), product_group_id, count(*)::int, sum(quantity)::int, sum(amount_kobo)
        from orders
       where status = 'completed' and created_at >= ${through}::timestamptz and ${inRanges(sql`created_at`)}
       group by 1, 2
    ),
    cur as (select * from h where hour >= ${start} and hour < ${cutoff})
    select
      (select ${sum} from cur) as current,
      (select ${sum} from h where hour >= ${ps} and hour < ${pe}) as previous,
      (select json_agg(json_build_object('at', at, 'orders', o, 'revenue', r))
         from (select ${bucket} as at, sum(orders) as o, sum(revenue_kobo) as r from cur group by 1) s) as series,
      (select json_agg(json_build_object('id', product_group_id, 'units', u, 'revenue', r))
         from (select product_group_id, sum(units) as u, sum(revenue_kobo) as r from cur group by 1) s) as products,
      (select json_agg(json_build_object('id', product_group_id, 'units', u))
         from (select product_group_id, sum(units) as u from h where hour >= ${pace} group by 1) s) as pace`);
  const row = rows[0]!;
  return {
    current: totals(row.current),
    previous: totals(row.previous),
    buckets: new Map(
      (row.series ?? []).map((b) => [
        Date.parse(b.at),
        { orders: Number(b.orders), revenueKobo: Number(b.revenue) },
      ]),
    ),
    products: (row.products ?? []).map((x) => ({
      productGroupId: x.id,
      units: Number(x.units),
      revenueKobo: Number(x.revenue),
    })),
    paceUnits: new Map((row.pace ?? []).map((x) => [x.id, Number(x.units)])),
  };
}
