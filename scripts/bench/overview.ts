// The owner's Overview at a real shop's size (issue 50; docs/decisions/031-owner-overview.md): 1,000,000 orders and
// 1,000,000 top-ups over the past year, 100,000 customers, 20 products. Prints GET /api/admin/overview's p95 per
// period (goal ≤ 150 ms) and, beside it, the purchase rate on the same database with and without the one thing
// the Overview adds to a purchase (the BRIN index on orders.created_at), in the order without, with, with, without
// (goal: with ≥ 0.97 × without). `BENCH_ONLY=overview npm run bench` (or node scripts/bench/overview.ts) runs this alone.
import { sql } from 'drizzle-orm';
import { runBench } from './lib/cleanup.ts';
import { createCustomers, signInAdmin, startStoreBench, type StoreBench } from './lib/store.ts';
import { fmt, none, printTable, ratio, type Row } from './lib/table.ts';
import { requireWrk } from './lib/wrk.ts';
import { defaultPurchaseOptions, FUND_KOBO, saturator, seedGroups } from './purchases.ts';

export type OverviewOptions = {
  orders: number;
  topups: number;
  customers: number;
  requests: number;
};
export const defaultOverviewOptions: OverviewOptions = {
  orders: Number(process.env.BENCH_OVERVIEW_ORDERS ?? 1_000_000),
  topups: Number(process.env.BENCH_OVERVIEW_TOPUPS ?? 1_000_000),
  customers: Number(process.env.BENCH_OVERVIEW_CUSTOMERS ?? 100_000),
  requests: Number(process.env.BENCH_OVERVIEW_REQUESTS ?? 40),
};
const PERIODS = ['today', '7d', '30d', '90d', 'custom'] as const;

export type OverviewResult = {
  seedSeconds: number;
  firstReadMs: number;
  p95Ms: Record<(typeof PERIODS)[number], number>;
  purchases: { without: number[]; with: number[]; ratio: number };
};

async function seed(bench: StoreBench, o: OverviewOptions, log: typeof console.log) {
  const started = Date.now();
  const groups = await seedGroups(bench, 20, 200, 'Overview Product');
  log(
    `Seeding ${fmt(o.customers)} customers, ${fmt(o.orders)} orders and ${fmt(o.topups)} top-ups over a year ...`,
  );
  await bench.db.execute(sql`
    insert into users (email, password_hash, full_name, created_at)
    select 'overview-' || n || '@bench.example', 'x', 'Customer ' || n, now() - (random() * interval '365 days')
      from generate_series(1, ${o.customers}) n`);
  const ids = sql`(select array_agg(id) from users where email like 'overview-%')`;
  const groupIds = sql.raw(`array[${groups.map((g) => `'${g.id}'::uuid`).join(',')}]`);
  // In time order, as a shop writes them.
  await bench.db.execute(sql`
    insert into orders (user_id, product_group_id, quantity, amount_kobo, list_amount_kobo, status, account_details, created_at)
    select u.ids[1 + n % ${o.customers}], (${groupIds})[1 + (n * 7) % 20], 1 + n % 3, (1 + n % 3) * 150000,
           (1 + n % 3) * 150000, 'completed', '{}'::jsonb,
           now() - interval '365 days' + (n::float8 / ${o.orders}) * interval '365 days' - interval '1 hour'
      from generate_series(1, ${o.orders}) n, (select ${ids} as ids) u`);
  await bench.db.execute(sql`
    insert into payments (user_id, reference, provider, amount_kobo, status, expires_at, created_at, updated_at)
    select u.ids[1 + n % ${o.customers}], 'OVERVIEW-' || n, 'bench', 500000,
           (array['completed', 'completed', 'failed', 'expired', 'pending'])[1 + n % 5], t + interval '1 hour', t, t
      from generate_series(1, ${o.topups}) n, (select ${ids} as ids) u,
           lateral (select now() - interval '365 days' + (n::float8 / ${o.topups}) * interval '365 days' - interval '1 hour' as t) x`);
  await bench.db.execute(sql`vacuum analyze`);
  return (Date.now() - started) / 1000;
}

export async function runOverview(
  bench: StoreBench,
  o: OverviewOptions = defaultOverviewOptions,
  log: typeof console.log = console.log,
): Promise<OverviewResult> {
  const seedSeconds = await seed(bench, o, log);
  const cookie = await signInAdmin(bench);
  const get = async (q: string) => {
    const t = performance.now();
    const res = await fetch(`${bench.server.base}/api/admin/overview?${q}`, {
      headers: { cookie },
    });
    if (!res.ok) throw new Error(`overview ${q}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - t;
  };
  // The first read rolls the year of orders up (once in a shop's life, or after a restore).
  const firstReadMs = await get('period=90d');
  log(`First Overview read (rolls ${fmt(o.orders)} orders up): ${fmt(firstReadMs)} ms`);
  const p95Ms = {} as OverviewResult['p95Ms'];
  // A custom range: the last 365 days, the longest a range may be.
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  for (const p of PERIODS) {
    const asked = p === 'custom' ? `period=custom&from=${yearAgo}&to=${today}` : `period=${p}`;
    for (let i = 0; i < 3; i++) await get(asked);
    const times: number[] = [];
    for (let i = 0; i < o.requests; i++) times.push(await get(asked));
    times.sort((a, b) => a - b);
    p95Ms[p] = times[Math.ceil(0.95 * times.length) - 1]!;
    log(
      `Overview ${p}: p50 ${fmt(times[Math.floor(times.length / 2)]!, 1)} ms, p95 ${fmt(p95Ms[p], 1)} ms`,
    );
  }

  const po = defaultPurchaseOptions;
  if (process.env.BENCH_LOAD !== 'node') requireWrk();
  const buyers = await createCustomers(bench.db, po.buyers, FUND_KOBO);
  const saturate = saturator(bench, buyers, po, log);
  const brin = async (on: boolean) =>
    bench.db.execute(
      on
        ? sql`create index if not exists orders_created_at_brin on orders using brin (created_at)`
        : sql`drop index if exists orders_created_at_brin`,
    );
  const rates = { without: [] as number[], with: [] as number[] };
  for (const on of [false, true, true, false]) {
    await brin(on);
    log(
      `Purchases ${on ? 'with' : 'without'} the Overview's index: ${po.buyers} buyers on one fresh group, ${saturate.window} ...`,
    );
    const [group] = await seedGroups(
      bench,
      1,
      po.stock,
      `Overview Purchases ${rates.with.length + rates.without.length + 1}`,
    );
    rates[on ? 'with' : 'without'].push((await saturate([group!])).perSecond);
  }
  await brin(true);
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  return {
    seedSeconds,
    firstReadMs,
    p95Ms,
    purchases: { ...rates, ratio: sum(rates.with) / sum(rates.without) },
  };
}

export function overviewRows(
  r: OverviewResult,
  o: OverviewOptions = defaultOverviewOptions,
): Row[] {
  const size = `${fmt(o.orders / 1e6, 1)}M orders, ${fmt(o.topups / 1e6, 1)}M top-ups, ${fmt(o.customers / 1000)}k customers`;
  return [
    ...PERIODS.map((p) => ({
      measure: `Overview p95 ms, ${p === 'custom' ? '365-day range' : p}, ${size} (goal ≤ 150)`,
      store: fmt(r.p95Ms[p], 1),
      baseline: '150',
      ratio: ratio(r.p95Ms[p] / 150),
      p50: none,
      p99: none,
    })),
    {
      measure: `purchases/s beside it, one group, with the Overview's index (vs without, same run; goal ≥ 0.97)`,
      store: fmt(r.purchases.with.reduce((s, x) => s + x, 0) / r.purchases.with.length, 1),
      baseline: fmt(r.purchases.without.reduce((s, x) => s + x, 0) / r.purchases.without.length, 1),
      ratio: ratio(r.purchases.ratio),
      p50: none,
      p99: none,
    },
  ];
}

/** `BENCH_ONLY=overview npm run bench`, or this file run alone. */
export async function overviewAlone(): Promise<void> {
  await runBench(async () => {
    const bench = await startStoreBench();
    const r = await runOverview(bench);
    console.log('');
    printTable(overviewRows(r));
    console.log(
      `seeded in ${fmt(r.seedSeconds)}s; first read ${fmt(r.firstReadMs)} ms; purchases/s by run (without, with, with, without): ${JSON.stringify(r.purchases)}`,
    );
  });
}

if (import.meta.main) await overviewAlone();
