// Benchmark: purchases over loopback HTTP keep-alive (POST /api/orders, one account each), beside pgbench's
// TPC-B on the same PostgreSQL server in the same run (its own database, bench_tpcb). Three runs:
//   closed loop, 200 buyers on one group: saturation, the worst case for one group's stock;
//   closed loop, the same buyers over 10 groups;
//   closed loop, the same buyers on one group, every purchase with the same promo code (10% off, no limit of
//   uses): a code's purchases are batched like the others, purchase_orders() pricing them and counting the code's
//   uses under its row lock (ADR 027), so this is its cost against the plain one-group run of the same run (issue 41:
//   at least 0.9 of it);
//   open loop at half the one-group rate: latency when the store is not saturated (beside pgbench -R).
// Closed-loop saturation and open-loop latency answer different questions; both are printed.
// Then the reseller API beside the web route: the same buyers over ten fresh groups, first through POST /api/orders
// with their cookies, then through POST /api/v1/orders with a key each, both by the Node client (issue 42's goal:
// /api/v1 at ≥ 0.9 × the web route). BENCH_ONLY=api runs that comparison alone, BENCH_ONLY=promo the promo codes'.
// The closed-loop runs need wrk (apt-get install -y wrk); BENCH_LOAD=node runs them with the Node client instead.
// Options (environment): BENCH_PURCHASE_STOCK (100000: more than a fast 2-core host sells in warm-up and window;
// 60,000 ran out at 4,700 purchases/s),
// BENCH_WARMUP_MS (2000), BENCH_DURATION_MS (10000), BENCH_OPEN_LOOP_RATE (purchases/s; default half the one-group rate).
// Run alone: node scripts/bench/purchases.ts. Writes .tmp/bench/purchases.json. npm run bench runs it too.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { runBench } from './lib/cleanup.ts';
import {
  runLoad,
  runOpenLoop,
  percentiles,
  type LoadRequest,
  type LoadResult,
  type Percentiles,
} from './lib/load.ts';
import { requireWrk, runWrkPurchases } from './lib/wrk.ts';
import { fmt, lat, none, printTable, ratio, type Row } from './lib/table.ts';
import {
  cpuMeter,
  cpuPerOperation,
  postmasterPid,
  waitSampler,
  warnOfSteal,
  windowMeters,
  type CpuSplit,
  type WaitSample,
} from './lib/observe.ts';
import {
  checkpoint,
  pgbenchBinary,
  runClientTool,
  statementStats,
  walMeter,
  type BenchPostgres,
} from './lib/postgres.ts';
import { warnOfSpeedChange } from './lib/host-speed.ts';
import { benchOutDir } from './lib/server.ts';
import { createApiKey } from '../../src/server/modules/auth/api-keys/create-api-key.ts';
import {
  createCustomers,
  insertGroupWithStock,
  startStoreBench,
  STORE_APPLICATION_NAME,
  type StoreBench,
} from './lib/store.ts';

export type PurchaseOptions = {
  buyers: number;
  /** Accounts in the one-group run's group (it must not sell out in warm-up + window). */
  stock: number;
  /** The spread run: the same buyers over this many groups, each with stockPerSpreadGroup accounts. */
  spreadGroups: number;
  stockPerSpreadGroup: number;
  warmupMs: number;
  durationMs: number;
  /** The open-loop run offers this fraction of the one-group run's purchases/s. */
  openLoopFraction: number;
  pgbench: { scale: number; clients: number; threads: number; seconds: number };
};

const purchaseStock = Number(process.env.BENCH_PURCHASE_STOCK ?? 100_000);

export const defaultPurchaseOptions: PurchaseOptions = {
  buyers: 200,
  stock: purchaseStock,
  spreadGroups: 10,
  stockPerSpreadGroup: purchaseStock / 5,
  warmupMs: Number(process.env.BENCH_WARMUP_MS ?? 2_000),
  durationMs: Number(process.env.BENCH_DURATION_MS ?? 10_000),
  openLoopFraction: 0.5,
  pgbench: { scale: 10, clients: 16, threads: 2, seconds: 10 },
};

export type PgbenchResult = {
  command: string;
  scale: number;
  clients: number;
  threads: number;
  seconds: number;
  /** Transactions per second asked for (-R), when throttled. */
  rate: number | null;
  initSeconds: number;
  transactions: number;
  tps: number;
  latencyMs: Percentiles;
  cpu: CpuSplit;
  waits: WaitSample;
  /** WAL the cluster wrote during the run. */
  walBytes: number;
};

export type PurchaseRun = LoadResult & {
  groups: number;
  stockBefore: number;
  stockAfter: number;
  ordersWritten: number;
  cpu: CpuSplit;
  waits: WaitSample;
  /** WAL the cluster wrote over the run, warm-up included, as ordersWritten is. */
  walBytes: number;
  /** Autovacuum and autoanalyze passes that ended during the run (each run after the first starts vacuumed: measured()). */
  autovacuums: number;
};

export type PurchaseResults = {
  /** Closed loop, every buyer on one group: saturation. */
  store: PurchaseRun;
  /** Closed loop, the buyers spread over options.spreadGroups groups. */
  spread: PurchaseRun;
  /**
   * Closed loop, one fresh group each run, every purchase with the same promo code, beside plain runs on fresh groups
   * in the order plain, code, code, plain (perSecond: the mean of each kind's runs; the latencies their first run's).
   */
  promo: PurchaseRun;
  promoPlain: PurchaseRun;
  promoRuns: { plain: number[]; code: number[] };
  /** Open loop at openLoopFraction of the one-group rate: latency below saturation. */
  openLoop: PurchaseRun & { ratePerSecond: number; maxInFlight: number };
  pgbench: PgbenchResult;
  /** pgbench TPC-B throttled to the open loop's rate (-R): its latency is the open loop's baseline. */
  pgbenchAtRate: PgbenchResult;
  /** The web route and /api/v1 with a key, same buyers, same client, same groups. */
  api: ApiComparison;
  /** purchases/s divided by pgbench TPC-B transactions/s (one group, then spread). */
  ratio: number;
  spreadRatio: number;
};

const PRICE_KOBO = 100_000; // ₦1,000
export const FUND_KOBO = 1_000_000_000; // ₦10,000,000 per buyer: never the limit

type Buyer = { id: string; cookie: string };

export async function seedGroups(bench: StoreBench, n: number, accounts: number, name: string) {
  const groups: { id: string }[] = [];
  for (let i = 0; i < n; i++)
    groups.push(
      await insertGroupWithStock(bench.db, bench.cipher, {
        accounts,
        priceKobo: PRICE_KOBO,
        name: n === 1 ? name : `${name} ${i + 1}`,
      }),
    );
  return groups;
}

// The closed-loop runs' load generator: wrk (lib/wrk.ts says why) unless BENCH_LOAD=node asks for the Node one
// (load.ts). The open loop is always Node's: it schedules every request on a clock, which wrk cannot.
const nodeLoad = process.env.BENCH_LOAD === 'node';
const closedLoopClient = nodeLoad ? 'Node' : 'wrk';

const purchaseRequest =
  (bench: StoreBench, buyers: Buyer[], groups: { id: string }[], promoCode?: string) =>
  (i: number) => ({
    method: 'POST' as const,
    path: '/api/orders',
    headers: {
      ...bench.origin,
      cookie: buyers[i % buyers.length]!.cookie,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({
      productGroupId: groups[i % groups.length]!.id,
      quantity: 1,
      ...(promoCode ? { promoCode } : {}),
    }),
  });

/** The same purchase through the reseller API: the buyer's key instead of their cookie. */
const apiPurchaseRequest = (keys: string[], groups: { id: string }[]) => (i: number) => ({
  method: 'POST' as const,
  path: '/api/v1/orders',
  headers: {
    authorization: `Bearer ${keys[i % keys.length]!}`,
    'content-type': 'application/json',
    'idempotency-key': crypto.randomUUID(),
  },
  body: JSON.stringify({ productGroupId: groups[i % groups.length]!.id, quantity: 1 }),
});

/** perSecond: the mean of the runs of each (web, v1, v1, web); the latencies are those of each one's first run. */
export type ApiComparison = {
  web: PurchaseRun;
  v1: PurchaseRun;
  runs: { web: number[]; v1: number[] };
  ratio: number;
};

/**
 * The web route and /api/v1 with a key per buyer, in turns: same buyers, the Node client for both, each run on ten
 * fresh groups of its own with the spread run's stock (four runs on one set of groups sold it out: the later runs
 * then measured refusals, not purchases).
 */
export async function runApiComparison(
  bench: StoreBench,
  buyers: Buyer[],
  o: PurchaseOptions,
  log: typeof console.log,
): Promise<ApiComparison> {
  const window = `${o.warmupMs / 1000}s warm-up + ${o.durationMs / 1000}s measured`;
  let runs = 0;
  const freshGroups = () =>
    seedGroups(bench, o.spreadGroups, o.stockPerSpreadGroup, `Bench API ${++runs}`);
  const keys: string[] = [];
  for (const b of buyers)
    keys.push(
      (await createApiKey(bench.db, b.id, { name: 'bench', scopes: ['read', 'purchase'] })).secret,
    );
  const run = async (request: (groups: { id: string }[]) => (i: number) => LoadRequest) => {
    const groups = await freshGroups();
    return measured(
      bench,
      groups,
      (onWindow) => nodeClosedLoop(bench, o, onWindow, request(groups)),
      log,
    );
  };
  const webRun = () => {
    log(
      `Purchases: the web route, ${o.buyers} buyers over ${o.spreadGroups} fresh groups (Node), ${window} ...`,
    );
    return run((groups) => purchaseRequest(bench, buyers, groups));
  };
  const v1Run = () => {
    log(
      `Purchases: /api/v1 with a key per buyer, the same buyers over ${o.spreadGroups} fresh groups (Node), ${window} ...`,
    );
    return run((groups) => apiPurchaseRequest(keys, groups));
  };
  // In the order web, v1, v1, web: each run is slower than the one before it (the tables grow,
  // the checkpointer and autovacuum catch up), by as much as half on a busy host, and this order cancels that drift.
  const webRuns = [await webRun()];
  const v1Runs = [await v1Run(), await v1Run()];
  webRuns.push(await webRun());
  const mean = (runs: PurchaseRun[]) => runs.reduce((sum, r) => sum + r.perSecond, 0) / runs.length;
  const [web, v1] = [webRuns[0]!, v1Runs[0]!];
  return {
    web: { ...web, perSecond: mean(webRuns) },
    v1: { ...v1, perSecond: mean(v1Runs) },
    runs: { web: webRuns.map((r) => r.perSecond), v1: v1Runs.map((r) => r.perSecond) },
    ratio: Math.round((mean(v1Runs) / mean(webRuns)) * 1000) / 1000,
  };
}

/** A run's load; a load generator in its own process (wrk) also reports the CPU time it used. */
type MeasuredLoad = LoadResult & { loadGeneratorCpuSeconds?: number };

async function measured<T extends MeasuredLoad>(
  bench: StoreBench,
  groups: { id: string }[],
  run: (onWindow: (phase: 'start' | 'end') => void) => Promise<T>,
  log: typeof console.log,
): Promise<T & Omit<PurchaseRun, keyof LoadResult>> {
  const ids = groups.map((g) => g.id);
  const before = await stockCount(bench, ids);
  // Each run starts with the earlier runs' vacuum done, as pgbench vacuums before its own: autovacuum of the tables
  // they grew otherwise lands inside whichever 10-second window comes next, and its CPU and WAL count as that run's
  // (PERFORMANCE-LOG.md, "Session 22": the code runs paid it). Not while orders is empty (the first run, and the first
  // of a BENCH_ONLY comparison): the planner believes a vacuumed empty table, and the purchase's generic plans would
  // then scan orders end to end as it grows (same log). What autovacuum still does inside a window is counted below.
  if (await hasOrders(bench)) await bench.pg.database.pool.query('vacuum (analyze)');
  const autovacuums = await autovacuumCount(bench);
  await checkpoint(bench.pg);
  const wal = await walMeter(bench.pg);
  const meters = windowMeters(
    bench.server.pid,
    bench.pg.dir,
    bench.pg.database.pool,
    'postgres',
    STORE_APPLICATION_NAME,
  );
  const load = await run(meters.onWindow);
  const walBytes = await wal();
  const { cpu, waits } = await meters.result();
  warnOfSteal('this run', cpu.stolenCores, log);
  // wrk runs in its own process: its CPU is the load generator's too.
  if (load.loadGeneratorCpuSeconds)
    cpu.loadGeneratorCores =
      Math.round((cpu.loadGeneratorCores + load.loadGeneratorCpuSeconds / cpu.seconds) * 100) / 100;
  const autovacuumsInRun = (await autovacuumCount(bench)) - autovacuums;
  const after = await stockCount(bench, ids);
  const orders = (
    await bench.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where product_group_id in ${sql.raw(`('${ids.join("','")}')`)}`,
    )
  ).rows[0]!.n;
  if (after === 0) log('  warning: a group sold out during the run; raise the stock');
  if (autovacuumsInRun > 0) log(`  autovacuum ended ${autovacuumsInRun} passes inside this run`);
  if (load.failureSamples.length)
    log(`  failures: ${JSON.stringify(load.failures)} e.g. ${load.failureSamples[0]}`);
  return {
    ...load,
    groups: groups.length,
    stockBefore: before,
    stockAfter: after,
    ordersWritten: orders,
    autovacuums: autovacuumsInRun,
    cpu,
    waits,
    walBytes,
  };
}

export async function runPurchases(
  bench: StoreBench,
  options: PurchaseOptions = defaultPurchaseOptions,
  log = console.log,
): Promise<PurchaseResults> {
  const o = options;
  if (!nodeLoad) requireWrk(); // before the seeding, not after it
  log(
    `Purchases: seeding ${o.stock.toLocaleString('en')} accounts in one group, ${o.spreadGroups} groups of ${o.stockPerSpreadGroup.toLocaleString('en')}, and ${o.buyers} funded buyers ...`,
  );
  const [one] = await seedGroups(bench, 1, o.stock, 'Bench Purchases');
  const spread = await seedGroups(bench, o.spreadGroups, o.stockPerSpreadGroup, 'Bench Spread');
  const buyers = await createCustomers(bench.db, o.buyers, FUND_KOBO);
  const window = `${o.warmupMs / 1000}s warm-up + ${o.durationMs / 1000}s measured`;

  log(`Purchases: ${o.buyers} concurrent buyers on one group, ${window} ...`);
  if (statementStats) await bench.db.execute(sql`select pg_stat_statements_reset()`);
  const saturate = saturator(bench, buyers, o, log);
  const store = await saturate([one!]);

  if (statementStats) await printStatementStats(bench, store.ordersWritten, log);
  log(`Purchases: ${o.buyers} concurrent buyers over ${o.spreadGroups} groups, ${window} ...`);
  const spreadRun = await saturate(spread);
  const api = await runApiComparison(bench, buyers, o, log);

  const promo = await runPromoComparison(bench, saturate, o, log);

  // BENCH_OPEN_LOOP_RATE: a fixed rate instead (to compare the latency of two versions at the same load).
  const rate = process.env.BENCH_OPEN_LOOP_RATE
    ? Number(process.env.BENCH_OPEN_LOOP_RATE)
    : Math.max(1, Math.round(store.perSecond * o.openLoopFraction * 10) / 10);
  const openStock = Math.ceil((rate * (o.warmupMs + o.durationMs)) / 1000 / 0.8) + 100;
  log(
    `Purchases: open loop at ${rate}/s (${fmt(rate / store.perSecond, 2)} of the one-group rate) on a group of ${openStock}, ${window} ...`,
  );
  const [openGroup] = await seedGroups(bench, 1, openStock, 'Bench Open Loop');
  if (statementStats) await bench.db.execute(sql`select pg_stat_statements_reset()`);
  const openLoop = await measured(
    bench,
    [openGroup!],
    (onWindow) =>
      runOpenLoop({
        port: bench.server.port,
        ratePerSecond: rate,
        connections: o.buyers,
        warmupMs: o.warmupMs,
        durationMs: o.durationMs,
        okStatus: 201,
        onWindow,
        request: purchaseRequest(bench, buyers, [openGroup!]),
      }),
    log,
  );

  if (statementStats) await printStatementStats(bench, openLoop.ordersWritten, log);
  const pgbench = await runPgbench(bench.pg, o.pgbench, bench.server.pid, log);
  const pgbenchAtRate = await runPgbench(bench.pg, { ...o.pgbench, rate }, bench.server.pid, log);
  const unit = (run: { cpu: CpuSplit }) => run.cpu.hostUnitMs;
  warnOfSpeedChange('the one-group run', 'TPC-B', unit(store), unit(pgbench), log);
  warnOfSpeedChange('the ten-group run', 'TPC-B', unit(spreadRun), unit(pgbench), log);
  warnOfSpeedChange('the open loop', 'TPC-B at its rate', unit(openLoop), unit(pgbenchAtRate), log);
  const ratio = (perSecond: number) => Math.round((perSecond / pgbench.tps) * 1000) / 1000;
  return {
    store,
    spread: spreadRun,
    ...promo,
    openLoop,
    pgbench,
    pgbenchAtRate,
    api,
    ratio: ratio(store.perSecond),
    spreadRatio: ratio(spreadRun.perSecond),
  };
}

/** The Node client, closed loop, with the purchase runs' settings. */
const nodeClosedLoop = (
  bench: StoreBench,
  o: PurchaseOptions,
  onWindow: (phase: 'start' | 'end') => void,
  request: (i: number) => LoadRequest,
) =>
  runLoad({
    port: bench.server.port,
    concurrency: o.buyers,
    warmupMs: o.warmupMs,
    durationMs: o.durationMs,
    okStatus: 201,
    onWindow,
    request,
  });

/** Closed loop: every buyer sends the next purchase as soon as the last one is answered. */
export function saturator(
  bench: StoreBench,
  buyers: Buyer[],
  o: PurchaseOptions,
  log: typeof console.log,
) {
  const window = `${o.warmupMs / 1000}s warm-up + ${o.durationMs / 1000}s measured`;
  const run = (groups: { id: string }[], promoCode?: string) =>
    measured(
      bench,
      groups,
      (onWindow) =>
        nodeLoad
          ? nodeClosedLoop(bench, o, onWindow, purchaseRequest(bench, buyers, groups, promoCode))
          : runWrkPurchases({
              port: bench.server.port,
              connections: o.buyers,
              warmupMs: o.warmupMs,
              durationMs: o.durationMs,
              origin: bench.origin.origin,
              cookies: buyers.map((b) => b.cookie),
              groupIds: groups.map((g) => g.id),
              promoCode,
              onWindow,
            }),
      log,
    );
  return Object.assign(run, { window });
}

type Saturate = ReturnType<typeof saturator>;

/**
 * Purchases with a promo code beside plain ones, each run on a fresh group of its own, in the order plain, code,
 * code, plain: each run is slower than the one before it (the tables grow), and this order cancels that drift, as
 * the /api/v1 comparison does. Compared with the first one-group run instead, the code runs came seven runs later
 * and read 0.82-0.84.
 */
async function runPromoComparison(
  bench: StoreBench,
  saturate: Saturate,
  o: PurchaseOptions,
  log: typeof console.log,
): Promise<Pick<PurchaseResults, 'promo' | 'promoPlain' | 'promoRuns'>> {
  const promoCode = `BENCH${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  await bench.db.execute(
    sql`insert into promo_codes (code, kind, percent_off, scope) values (${promoCode}, 'percent', 10, 'all')`,
  );
  let promoGroups = 0;
  const oneGroupRun = async (code?: string) => {
    log(
      `Purchases${code ? ' with a promo code' : ', plain (beside the code runs)'}: ${o.buyers} concurrent buyers on one fresh group, ${saturate.window} ...`,
    );
    const [group] = await seedGroups(bench, 1, o.stock, `Bench Promo ${++promoGroups}`);
    return saturate([group!], code);
  };
  const plainRuns = [await oneGroupRun()];
  const codeRuns = [await oneGroupRun(promoCode), await oneGroupRun(promoCode)];
  plainRuns.push(await oneGroupRun());
  const meanRate = (runs: PurchaseRun[]) =>
    runs.reduce((sum, r) => sum + r.perSecond, 0) / runs.length;
  const promoRun = { ...codeRuns[0]!, perSecond: meanRate(codeRuns) };
  const promoPlain = { ...plainRuns[0]!, perSecond: meanRate(plainRuns) };
  return {
    promo: promoRun,
    promoPlain,
    promoRuns: { plain: plainRuns.map((r) => r.perSecond), code: codeRuns.map((r) => r.perSecond) },
  };
}

/** Where PostgreSQL's time went during a run (warm-up included), per order written: the one-group run and the open loop. */
async function printStatementStats(bench: StoreBench, purchases: number, log: typeof console.log) {
  type Stat = { ms: number; calls: number; top: boolean; query: string };
  const { rows } = await bench.db.execute<Stat>(sql`
    select total_exec_time as ms, calls::int as calls, toplevel as top,
           regexp_replace(left(query, 300), '\\s+', ' ', 'g') as query
      from pg_stat_statements order by toplevel desc, total_exec_time desc limit 40`);
  log(
    `  PostgreSQL time by statement, per order (ms, calls; "in" = inside a function), ${purchases} orders:`,
  );
  for (const r of rows) {
    const perOrder = (n: number, digits: number) => (n / purchases).toFixed(digits).padStart(7);
    log(
      `  ${r.top ? 'top' : ' in'} ${perOrder(r.ms, 3)} ${perOrder(r.calls, 2)}  ${r.query.slice(0, 110)}`,
    );
  }
}

/** Whether the store has sold anything yet (a VACUUM of an empty orders table misleads the planner: measured()). */
async function hasOrders(bench: StoreBench): Promise<boolean> {
  const { rows } = await bench.pg.database.pool.query<{ any: boolean }>(
    'select exists (select 1 from orders) as any',
  );
  return rows[0]!.any;
}

/** Autovacuum and autoanalyze passes over the store's tables so far. */
async function autovacuumCount(bench: StoreBench): Promise<number> {
  const { rows } = await bench.pg.database.pool.query<{ n: string }>(
    'select coalesce(sum(autovacuum_count + autoanalyze_count), 0) as n from pg_stat_user_tables',
  );
  return Number(rows[0]!.n);
}

/** The smallest available count among the groups (from the accounts: stock_count may lag a moment). */
async function stockCount(bench: StoreBench, groupIds: string[]): Promise<number> {
  const { rows } = await bench.db.execute<{ n: number }>(
    sql`select count(a.id)::int as n from product_groups g
        left join individual_accounts a on a.product_group_id = g.id and a.status = 'available'
        where g.id in ${sql.raw(`('${groupIds.join("','")}')`)} group by g.id order by n limit 1`,
  );
  return rows[0]!.n;
}

/** pgbench's built-in TPC-B-like script, in its own database on the bench server. */
export async function runPgbench(
  pg: BenchPostgres,
  o: PurchaseOptions['pgbench'] & { rate?: number },
  serverPid: number,
  log = console.log,
): Promise<PgbenchResult> {
  const pgbench = pgbenchBinary();
  const dbName = 'bench_tpcb';
  await pg.database.pool.query(`drop database if exists ${dbName}`);
  await pg.database.pool.query(`create database ${dbName}`);
  log(
    `pgbench: initialising scale ${o.scale} (${(o.scale * 100_000).toLocaleString('en')} accounts) in ${dbName} ...`,
  );
  const init = await runClientTool(pg, pgbench, ['-i', '-q', '-s', String(o.scale), dbName]);

  await checkpoint(pg);
  const logDir = fs.mkdtempSync(path.join(pg.dir, 'pgbench-log-'));
  const args = [
    '-c',
    String(o.clients),
    '-j',
    String(o.threads),
    '-T',
    String(o.seconds),
    '-M',
    'prepared',
    ...(o.rate ? ['-R', String(o.rate)] : []),
    '-l',
    `--log-prefix=${path.join(logDir, 'tpcb')}`,
    dbName,
  ];
  log(
    `pgbench: ${['pgbench', ...args.filter((a) => !a.startsWith('--log-prefix'))].join(' ')} ...`,
  );
  // pgbench connects first and then runs for exactly o.seconds: its whole run is the window.
  const stopWaits = waitSampler(pg.database.pool, dbName);
  const stopCpu = cpuMeter(serverPid, postmasterPid(pg.dir));
  const wal = await walMeter(pg);
  const run = await runClientTool(pg, pgbench, args);
  const walBytes = await wal();
  const cpu = stopCpu();
  warnOfSteal('this run', cpu.stolenCores, log);
  const waits = await stopWaits();
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (!tps) throw new Error(`could not read pgbench's tps from:\n${run.stdout}`);
  const processed = /number of transactions actually processed: (\d+)/.exec(run.stdout);

  // Per-transaction log lines: client_id transaction_no latency_us script_no epoch_s epoch_us, then with -R
  // schedule_lag_us: the time it waited past its scheduled start, which counts (as in the open loop).
  const latencies: number[] = [];
  for (const file of fs.readdirSync(logDir)) {
    for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const fields = line.split(' ');
      const us = Number(fields[2]) + (o.rate ? Number(fields[6] ?? 0) : 0);
      if (line && Number.isFinite(us)) latencies.push(us / 1000);
    }
  }
  fs.rmSync(logDir, { recursive: true, force: true });
  await pg.database.pool.query(`drop database if exists ${dbName}`);
  return {
    command: `pgbench -c ${o.clients} -j ${o.threads} -T ${o.seconds} -M prepared${o.rate ? ` -R ${o.rate}` : ''} (TPC-B-like, scale ${o.scale})`,
    scale: o.scale,
    rate: o.rate ?? null,
    clients: o.clients,
    threads: o.threads,
    seconds: o.seconds,
    initSeconds: Math.round(init.ms / 100) / 10,
    transactions: Number(processed?.[1] ?? latencies.length),
    tps: Math.round(Number(tps[1]) * 10) / 10,
    latencyMs: percentiles(latencies),
    cpu,
    waits,
    walBytes,
  };
}

/** The purchase rows of the bench table, each beside its baseline from the same run. */
export function purchaseRows(p: PurchaseResults): Row[] {
  const tpcb = `pgbench TPC-B tps, ${p.pgbench.clients} clients`;
  const cpu = cpuPerOperation(p.store.cpu, p.store.perSecond);
  const tpcbCpu = cpuPerOperation(p.pgbench.cpu, p.pgbench.tps);
  const cpuSpread = cpuPerOperation(p.spread.cpu, p.spread.perSecond);
  const cpuMs = (x: number | null) => (x === null ? '?' : fmt(x, 2));
  return [
    {
      measure: `purchases/s, ${p.store.concurrency} buyers (${closedLoopClient}), one group (vs ${tpcb})`,
      store: fmt(p.store.perSecond, 1),
      baseline: fmt(p.pgbench.tps, 1),
      ratio: ratio(p.ratio),
      p50: lat(p.store.latencyMs, p.pgbench.latencyMs, 'p50'),
      p99: lat(p.store.latencyMs, p.pgbench.latencyMs, 'p99'),
    },
    {
      measure: `purchases/s, ${p.spread.concurrency} buyers over ${p.spread.groups} groups (vs ${tpcb})`,
      store: fmt(p.spread.perSecond, 1),
      baseline: fmt(p.pgbench.tps, 1),
      ratio: ratio(p.spreadRatio),
      p50: lat(p.spread.latencyMs, p.pgbench.latencyMs, 'p50'),
      p99: lat(p.spread.latencyMs, p.pgbench.latencyMs, 'p99'),
    },
    promoRow(p),
    {
      measure: `purchase latency, open loop at ${fmt(p.openLoop.ratePerSecond, 1)}/s = ${fmt(p.openLoop.ratePerSecond / p.store.perSecond, 2)} of saturation (vs TPC-B -R same rate)`,
      store: `${fmt(p.openLoop.perSecond, 1)}/s`,
      baseline: `${fmt(p.pgbenchAtRate.tps, 1)}/s`,
      ratio: ratio(p.openLoop.latencyMs.p99 / p.pgbenchAtRate.latencyMs.p99),
      p50: lat(p.openLoop.latencyMs, p.pgbenchAtRate.latencyMs, 'p50'),
      p99: lat(p.openLoop.latencyMs, p.pgbenchAtRate.latencyMs, 'p99'),
    },
    apiRow(p.api),
    {
      measure: 'CPU ms per purchase, server (one group; ten groups)',
      store: `${cpuMs(cpu.serverMs)}; ${cpuMs(cpuSpread.serverMs)}`,
      baseline: 'goal ≤ 1',
      ratio: none,
      p50: none,
      p99: none,
    },
    {
      measure: 'CPU ms per purchase, PostgreSQL (one group; ten groups) vs per TPC-B transaction',
      store: `${cpuMs(cpu.postgresMs)}; ${cpuMs(cpuSpread.postgresMs)}`,
      baseline: cpuMs(tpcbCpu.postgresMs),
      ratio:
        cpu.postgresMs !== null && tpcbCpu.postgresMs
          ? ratio(cpu.postgresMs / tpcbCpu.postgresMs)
          : none,
      p50: none,
      p99: none,
    },
    {
      measure: 'WAL bytes per purchase (one group; ten groups) vs per TPC-B transaction',
      store: `${fmt(walPer(p.store), 0)}; ${fmt(walPer(p.spread), 0)}`,
      baseline: fmt(p.pgbench.walBytes / p.pgbench.transactions, 0),
      ratio: ratio(walPer(p.store) / (p.pgbench.walBytes / p.pgbench.transactions)),
      p50: none,
      p99: none,
    },
  ];
}

/** Purchases with a promo code beside plain ones (goal: ≥ 0.9). */
function promoRow(p: Pick<PurchaseResults, 'promo' | 'promoPlain'>): Row {
  return {
    measure: `purchases/s with a promo code, ${p.promo.concurrency} buyers, one group (vs plain runs beside them, fresh groups, plain-code-code-plain; goal ≥ 0.9)`,
    store: fmt(p.promo.perSecond, 1),
    baseline: fmt(p.promoPlain.perSecond, 1),
    ratio: ratio(p.promo.perSecond / p.promoPlain.perSecond),
    p50: lat(p.promo.latencyMs, p.promoPlain.latencyMs, 'p50'),
    p99: lat(p.promo.latencyMs, p.promoPlain.latencyMs, 'p99'),
  };
}

/** /api/v1 with a key beside the web route (goal: ≥ 0.9). */
function apiRow(a: ApiComparison): Row {
  return {
    measure: `purchases/s through /api/v1 with a key, ${a.v1.concurrency} buyers over ${a.v1.groups} groups (Node) (vs the web route, same run; goal ≥ 0.9)`,
    store: fmt(a.v1.perSecond, 1),
    baseline: fmt(a.web.perSecond, 1),
    ratio: ratio(a.ratio),
    p50: lat(a.v1.latencyMs, a.web.latencyMs, 'p50'),
    p99: lat(a.v1.latencyMs, a.web.latencyMs, 'p99'),
  };
}

/** The WAL a purchase run wrote per order (the folds' share included: they are the purchases' work too). */
const walPer = (run: PurchaseRun) => run.walBytes / Math.max(1, run.ordersWritten);

if (import.meta.main && process.env.BENCH_ONLY === 'api') {
  await runBench(async () => {
    const bench = await startStoreBench();
    const o = defaultPurchaseOptions;
    const buyers = await createCustomers(bench.db, o.buyers, FUND_KOBO);
    const api = await runApiComparison(bench, buyers, o, console.log);
    printTable([apiRow(api)]);
    console.log(`purchases/s by run (web, v1, v1, web): ${JSON.stringify(api.runs)}`);
  });
} else if (import.meta.main && process.env.BENCH_ONLY === 'promo') {
  await runBench(async () => {
    const bench = await startStoreBench();
    const o = defaultPurchaseOptions;
    if (!nodeLoad) requireWrk();
    const buyers = await createCustomers(bench.db, o.buyers, FUND_KOBO);
    const promo = await runPromoComparison(
      bench,
      saturator(bench, buyers, o, console.log),
      o,
      console.log,
    );
    printTable([promoRow(promo)]);
    console.log(`purchases/s by run: ${JSON.stringify(promo.promoRuns)}`);
  });
} else if (import.meta.main) {
  await runBench(async () => {
    const bench = await startStoreBench();
    const results = await runPurchases(bench);
    const { store, spread, openLoop, pgbench } = results;
    console.log('');
    printTable(purchaseRows(results));
    for (const [name, run] of [
      ['one group', store],
      ['ten groups', spread],
      ['with a promo code', results.promo],
      ['open loop', openLoop],
    ] as const)
      console.log(
        `${name}: ${run.ok} purchases, failures ${JSON.stringify(run.failures)}; CPU ${JSON.stringify(run.cpu)}\n  DB sessions: ${JSON.stringify(run.waits.averageSessions)}`,
      );
    console.log(
      `pgbench CPU: ${JSON.stringify(pgbench.cpu)}\npgbench DB sessions: ${JSON.stringify(pgbench.waits.averageSessions)}`,
    );
    const out = path.join(benchOutDir, 'purchases.json');
    fs.mkdirSync(benchOutDir, { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`written to ${out}`);
  });
}
