// The Overview's sales: closed days from the daily rollup (sales_days), the closed hours at a range's edges from the
// hourly one (sales_hours), the orders after the watermark as they are, in one statement (one snapshot: an hour is
// counted from one source only). Rolls first.
import { sql, type SQL } from 'drizzle-orm';
import { SHOP_TIME_ZONE } from '../../../shared/admin-overview.ts';
import { splitByShopDays } from '../../../shared/shop-time.ts';
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

const iso = (d: Date) => d.toISOString();

/**
 * The rows of [from, to): closed shop days from sales_days (when `byDay`), the closed hours around them from
 * sales_hours, then the orders from the watermark on. A day row stands at its midnight; an hour row at its hour.
 */
function salesIn(from: Date, to: Date, through: Date, byDay: boolean): SQL {
  const closedTo = new Date(Math.min(to.getTime(), through.getTime()));
  const { days, hours } = splitByShopDays(from, closedTo, byDay);
  const parts: SQL[] = [];
  if (days)
    parts.push(sql`select day as hour, product_group_id, orders, units, revenue_kobo from sales_days
                    where day >= ${iso(days[0])} and day < ${iso(days[1])}`);
  for (const [a, b] of hours)
    parts.push(sql`select hour, product_group_id, orders, units, revenue_kobo from sales_hours
                    where hour >= ${iso(a)} and hour < ${iso(b)}`);
  const fresh = new Date(Math.max(from.getTime(), through.getTime()));
  if (fresh < to)
    parts.push(sql`select date_trunc('hour', created_at, 'UTC') as hour, product_group_id, count(*)::int as orders,
                          sum(quantity)::int as units, sum(amount_kobo) as revenue_kobo
                     from orders
                    where status = 'completed' and created_at >= ${iso(fresh)} and created_at < ${iso(to)}
                    group by 1, 2`);
  if (parts.length === 0)
    return sql`select null::timestamptz as hour, null::uuid as product_group_id, 0 as orders, 0 as units, 0::bigint as revenue_kobo where false`;
  return sql.join(parts, sql` union all `);
}

export async function readSalesFigures(db: Db, p: Range): Promise<SalesFigures> {
  // The watermark as a value, not a subquery: the planner then reads the orders after it through the BRIN index
  // (with a subquery it scanned all of them). A roll committed meanwhile moves nothing: orders never change.
  const rolled = await db.execute<{ through: string }>(
    sql`select roll_sales_hours()::text as through`,
  );
  const through = new Date(rolled.rows[0]!.through);
  // -infinity (nothing rolled yet) reads as an invalid date: every order is then read as it is.
  const mark = Number.isNaN(through.getTime()) ? new Date(Date.UTC(1900, 0, 1)) : through;
  const far = new Date(Date.UTC(9999, 0, 1));
  const bucket = p.bucket === 'hour' ? sql`hour` : sql`date_trunc('day', hour, ${SHOP_TIME_ZONE})`;
  const sum = sql`json_build_object('orders', coalesce(sum(orders), 0), 'units', coalesce(sum(units), 0), 'revenue', coalesce(sum(revenue_kobo), 0))`;
  const { rows } = await db.execute<{
    current: Record<string, number>;
    previous: Record<string, number>;
    series: { at: string; orders: number; revenue: number }[] | null;
    products: { id: string; units: number; revenue: number }[] | null;
    pace: { id: string; units: number }[] | null;
  }>(sql`
    with cur as materialized (${salesIn(p.start, p.cutoff, mark, p.bucket === 'day')}),
    prev as materialized (${salesIn(p.previousStart, p.previousEnd, mark, true)}),
    pace as materialized (${salesIn(p.paceStart, far, mark, false)})
    select
      (select ${sum} from cur) as current,
      (select ${sum} from prev) as previous,
      (select json_agg(json_build_object('at', at, 'orders', o, 'revenue', r))
         from (select ${bucket} as at, sum(orders) as o, sum(revenue_kobo) as r from cur group by 1) s) as series,
      (select json_agg(json_build_object('id', product_group_id, 'units', u, 'revenue', r))
         from (select product_group_id, sum(units) as u, sum(revenue_kobo) as r from cur group by 1) s) as products,
      (select json_agg(json_build_object('id', product_group_id, 'units', u))
         from (select product_group_id, sum(units) as u from pace group by 1) s) as pace`);
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
