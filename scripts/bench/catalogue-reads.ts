// Benchmark: catalogue reads per second, GET /api/catalogue on the demo shop by 50 concurrent clients over
// loopback keep-alive, against a bare Fastify app (its own process and port) answering the same JSON payload
// from memory: what the store adds to Fastify's floor (hooks, session check, two queries, shaping).
// Neither side is asked for compression (no Accept-Encoding), so both send the same bytes.
// Run alone: node scripts/bench/catalogue-reads.ts. Writes .tmp/bench/catalogue-reads.json.
import fs from 'node:fs';
import path from 'node:path';
import { seedDemoShop } from '../../src/server/demo/seed.ts';
import { runBench } from './lib/cleanup.ts';
import { runLoad, type LoadResult } from './lib/load.ts';
import { warnOfSteal, windowMeters, type CpuSplit, type WaitSample } from './lib/observe.ts';
import { warnOfSpeedChange } from './lib/host-speed.ts';
import { benchOutDir, startServer } from './lib/server.ts';
import type { ServerStats } from './lib/server-process.ts';
import { startStoreBench, STORE_APPLICATION_NAME, type StoreBench } from './lib/store.ts';

export type CatalogueOptions = { clients: number; warmupMs: number; durationMs: number };
export const defaultCatalogueOptions: CatalogueOptions = {
  clients: 50,
  warmupMs: 2_000,
  durationMs: 10_000,
};

export type CatalogueResults = {
  payloadBytes: number;
  groups: number;
  store: LoadResult & { cpu: CpuSplit; waits: WaitSample };
  bare: LoadResult & { cpu: CpuSplit; memoryBefore: ServerStats; memoryAfter: ServerStats };
  /** store reads/s divided by bare Fastify reads/s. */
  ratio: number;
};

export async function runCatalogueReads(
  bench: StoreBench,
  options: CatalogueOptions = defaultCatalogueOptions,
  log = console.log,
): Promise<CatalogueResults> {
  const seeded = await seedDemoShop(bench.db, bench.cipher);
  if (!seeded.seeded) log('  (the shop was already seeded; reading what is there)');
  const res = await fetch(`${bench.server.base}/api/catalogue`, {
    headers: { 'accept-encoding': 'identity' },
  });
  if (!res.ok) throw new Error(`GET /api/catalogue: ${res.status}`);
  const text = await res.text();
  const payload = JSON.parse(text) as { groups: unknown[] };
  const bare = await startServer('bare', { mode: 'bare', payload });
  try {
    const check = await fetch(`${bare.base}/api/catalogue`);
    if ((await check.text()) !== text)
      throw new Error('the bare server does not answer the same payload');

    const measure = async (pid: number, port: number) => {
      const meters = windowMeters(
        pid,
        bench.pg.dir,
        bench.pg.database.pool,
        'postgres',
        STORE_APPLICATION_NAME,
      );
      const result = await runLoad({
        port,
        concurrency: options.clients,
        warmupMs: options.warmupMs,
        durationMs: options.durationMs,
        okStatus: 200,
        onWindow: meters.onWindow,
        request: () => ({ method: 'GET', path: '/api/catalogue' }),
      });
      const measured = await meters.result();
      warnOfSteal('this run', measured.cpu.stolenCores, log);
      return { result, ...measured };
    };

    log(
      `Catalogue reads: store, ${options.clients} clients, ${options.warmupMs / 1000}s warm-up + ${options.durationMs / 1000}s measured (${text.length.toLocaleString('en')} bytes) ...`,
    );
    const store = await measure(bench.server.pid, bench.server.port);
    log(`Catalogue reads: bare Fastify, same payload from memory ...`);
    const memoryBefore = await bare.stats();
    const baseline = await measure(bare.pid, bare.port);
    const memoryAfter = await bare.stats();
    warnOfSpeedChange(
      "the store's reads",
      'the bare server',
      store.cpu.hostUnitMs,
      baseline.cpu.hostUnitMs,
      log,
    );
    return {
      payloadBytes: Buffer.byteLength(text),
      groups: payload.groups.length,
      store: { ...store.result, cpu: store.cpu, waits: store.waits },
      bare: { ...baseline.result, cpu: baseline.cpu, memoryBefore, memoryAfter },
      ratio: Math.round((store.result.perSecond / baseline.result.perSecond) * 1000) / 1000,
    };
  } finally {
    await bare.stop();
  }
}

if (import.meta.main) {
  await runBench(async () => {
    const bench = await startStoreBench();
    const results = await runCatalogueReads(bench);
    const { store, bare } = results;
    console.log(
      `\nstore reads/s ${store.perSecond} (p50 ${store.latencyMs.p50} ms, p99 ${store.latencyMs.p99} ms)`,
    );
    console.log(
      `bare Fastify reads/s ${bare.perSecond} (p50 ${bare.latencyMs.p50} ms, p99 ${bare.latencyMs.p99} ms)`,
    );
    console.log(`ratio ${results.ratio}`);
    console.log(
      `store CPU: ${JSON.stringify(store.cpu)}\nstore DB sessions: ${JSON.stringify(store.waits.averageSessions)}\nbare CPU: ${JSON.stringify(bare.cpu)}`,
    );
    const out = path.join(benchOutDir, 'catalogue-reads.json');
    fs.mkdirSync(benchOutDir, { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`written to ${out}`);
  });
}
