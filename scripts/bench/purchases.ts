// Benchmark: purchases per second with 200 concurrent buyers over loopback HTTP keep-alive, each buying
// one account at a time from one well-stocked group (POST /api/orders: session, idempotency lock, stock
// claim, order, ledger debit, stock recount, sealed credentials e-mail, all in one transaction), beside
// pgbench's TPC-B on the same PostgreSQL server in the same run (its own database, bench_tpcb).
// Run alone: node scripts/bench/purchases.ts. Writes .tmp/bench/purchases.json. npm run bench runs it too.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { runBench } from './lib/cleanup.ts';
import { runLoad, percentiles, type LoadResult, type Percentiles } from './lib/load.ts';
import {
  cpuMeter,
  postmasterPid,
  waitSampler,
  windowMeters,
  type CpuSplit,
  type WaitSample,
} from './lib/observe.ts';
import { pgbenchBinary, runClientTool, type BenchPostgres } from './lib/postgres.ts';
import { benchOutDir } from './lib/server.ts';
import {
  createCustomers,
  insertGroupWithStock,
  startStoreBench,
  STORE_APPLICATION_NAME,
  type StoreBench,
} from './lib/store.ts';

export type PurchaseOptions = {
  buyers: number;
  stock: number;
  warmupMs: number;
  durationMs: number;
  pgbench: { scale: number; clients: number; threads: number; seconds: number };
};

export const defaultPurchaseOptions: PurchaseOptions = {
  buyers: 200,
  stock: 20_000,
  warmupMs: 2_000,
  durationMs: 10_000,
  pgbench: { scale: 10, clients: 16, threads: 2, seconds: 10 },
};

export type PgbenchResult = {
  command: string;
  scale: number;
  clients: number;
  threads: number;
  seconds: number;
  initSeconds: number;
  transactions: number;
  tps: number;
  latencyMs: Percentiles;
  cpu: CpuSplit;
  waits: WaitSample;
};

export type PurchaseResults = {
  store: LoadResult & {
    stockBefore: number;
    stockAfter: number;
    ordersWritten: number;
    cpu: CpuSplit;
    waits: WaitSample;
  };
  pgbench: PgbenchResult;
  /** purchases/s divided by pgbench TPC-B transactions/s. */
  ratio: number;
};

const PRICE_KOBO = 100_000; // ₦1,000
const FUND_KOBO = 1_000_000_000; // ₦10,000,000 per buyer: never the limit

export async function runPurchases(
  bench: StoreBench,
  options: PurchaseOptions = defaultPurchaseOptions,
  log = console.log,
): Promise<PurchaseResults> {
  log(
    `Purchases: seeding ${options.stock.toLocaleString('en')} accounts and ${options.buyers} funded buyers ...`,
  );
  const group = await insertGroupWithStock(bench.db, bench.cipher, {
    accounts: options.stock,
    priceKobo: PRICE_KOBO,
    name: 'Bench Purchases',
  });
  const buyers = await createCustomers(bench.db, options.buyers, FUND_KOBO);
  const body = JSON.stringify({ productGroupId: group.id, quantity: 1 });

  log(
    `Purchases: ${options.buyers} concurrent buyers, ${options.warmupMs / 1000}s warm-up + ${options.durationMs / 1000}s measured ...`,
  );
  const before = await stockCount(bench, group.id);
  const meters = windowMeters(
    bench.server.pid,
    bench.pg.dir,
    bench.pg.database.pool,
    'postgres',
    STORE_APPLICATION_NAME,
  );
  const load = await runLoad({
    port: bench.server.port,
    concurrency: options.buyers,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
    okStatus: 201,
    onWindow: meters.onWindow,
    request: (worker) => ({
      method: 'POST',
      path: '/api/orders',
      headers: {
        ...bench.origin,
        cookie: buyers[worker]!.cookie,
        'content-type': 'application/json',
        'idempotency-key': crypto.randomUUID(),
      },
      body,
    }),
  });
  const { cpu, waits } = await meters.result();
  const after = await stockCount(bench, group.id);
  const orders = (
    await bench.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where product_group_id = ${group.id}`,
    )
  ).rows[0]!.n;
  if (after === 0) log('  warning: the group sold out during the run; raise the stock');
  if (load.failureSamples.length)
    log(`  failures: ${JSON.stringify(load.failures)} e.g. ${load.failureSamples[0]}`);

  const pgbench = await runPgbench(bench.pg, options.pgbench, bench.server.pid, log);
  return {
    store: { ...load, stockBefore: before, stockAfter: after, ordersWritten: orders, cpu, waits },
    pgbench,
    ratio: Math.round((load.perSecond / pgbench.tps) * 1000) / 1000,
  };
}

async function stockCount(bench: StoreBench, groupId: string): Promise<number> {
  return (
    await bench.db.execute<{ n: number }>(
      sql`select stock_count as n from product_groups where id = ${groupId}`,
    )
  ).rows[0]!.n;
}

/** pgbench's built-in TPC-B-like script, in its own database on the bench server. */
export async function runPgbench(
  pg: BenchPostgres,
  o: PurchaseOptions['pgbench'],
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
  const run = await runClientTool(pg, pgbench, args);
  const cpu = stopCpu();
  const waits = await stopWaits();
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (!tps) throw new Error(`could not read pgbench's tps from:\n${run.stdout}`);
  const processed = /number of transactions actually processed: (\d+)/.exec(run.stdout);

  // Per-transaction log lines: client_id transaction_no latency_us script_no epoch_s epoch_us
  const latencies: number[] = [];
  for (const file of fs.readdirSync(logDir)) {
    for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const us = Number(line.split(' ')[2]);
      if (line && Number.isFinite(us)) latencies.push(us / 1000);
    }
  }
  fs.rmSync(logDir, { recursive: true, force: true });
  await pg.database.pool.query(`drop database if exists ${dbName}`);
  return {
    command: `pgbench -c ${o.clients} -j ${o.threads} -T ${o.seconds} -M prepared (TPC-B-like, scale ${o.scale})`,
    scale: o.scale,
    clients: o.clients,
    threads: o.threads,
    seconds: o.seconds,
    initSeconds: Math.round(init.ms / 100) / 10,
    transactions: Number(processed?.[1] ?? latencies.length),
    tps: Math.round(Number(tps[1]) * 10) / 10,
    latencyMs: percentiles(latencies),
    cpu,
    waits,
  };
}

if (import.meta.main) {
  await runBench(async () => {
    const bench = await startStoreBench();
    const results = await runPurchases(bench);
    const { store, pgbench } = results;
    console.log(
      `\npurchases/s ${store.perSecond} (p50 ${store.latencyMs.p50} ms, p99 ${store.latencyMs.p99} ms, ${store.concurrency} buyers)`,
    );
    console.log(
      `pgbench TPC-B tps ${pgbench.tps} (p50 ${pgbench.latencyMs.p50} ms, p99 ${pgbench.latencyMs.p99} ms, ${pgbench.clients} clients)`,
    );
    console.log(`ratio ${results.ratio}`);
    console.log(
      `store CPU: ${JSON.stringify(store.cpu)}\nstore DB sessions: ${JSON.stringify(store.waits.averageSessions)}`,
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
