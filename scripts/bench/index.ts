// npm run bench: every store benchmark in one run, each figure beside its limit measured in the same run
// on the same machine and PostgreSQL server, printed as one table and written to .tmp/bench/results.json.
//   purchases/s, 200 buyers on one group and over 10 groups  vs  pgbench TPC-B tps  (purchases.ts)
//   purchase p50/p99 in an open loop at half that rate       vs  pgbench TPC-B -R at the same rate
//   CPU ms per purchase, server and PostgreSQL               vs  PostgreSQL per TPC-B transaction
//   catalogue reads/s, 50 clients          vs  a bare Fastify JSON handler            (catalogue-reads.ts)
//   CSV import rows/s                      vs  PostgreSQL COPY of the same rows       (csv-import.ts)
//   e-mails/s through a local SMTP sink, by the store's outbox workers  vs  nodemailer's pool alone  (emails.ts)
//   store server memory at start and end   vs  the bare Fastify process
//   Overview p95 per period at 1M orders, 1M top-ups, 100k customers (goal ≤ 150 ms), and the purchase rate beside it
//   with and without the Overview's index (overview.ts; BENCH_ONLY=overview runs it alone)
// The store and the bare app each run in their own process; this one only generates load and measures.
// Options (environment): BENCH_CSV_ROWS (100000), BENCH_PURCHASE_STOCK (100000), BENCH_WARMUP_MS (2000),
// BENCH_DURATION_MS (10000, the purchase runs' window), BENCH_CPU_PROF=1 (profile the servers into
// .tmp/bench/profiles/), BENCH_LOG_LEVEL (warn), BENCH_DB_POOL_SIZE (20), BENCH_EMAILS (10000),
// BENCH_EMAIL_PROCESSES (2). `npm run bench:emails` runs the e-mail part alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultCatalogueOptions, runCatalogueReads } from './catalogue-reads.ts';
import { runCsvImport } from './csv-import.ts';
import { defaultEmailOptions, runEmails } from './emails.ts';
import { runBench } from './lib/cleanup.ts';
import { cpuPerOperation, stealMeter, warnOfSteal } from './lib/observe.ts';
import { speedRange } from './lib/host-speed.ts';
import { benchOutDir } from './lib/server.ts';
import type { ServerStats } from './lib/server-process.ts';
import { startStoreBench } from './lib/store.ts';
import { defaultPurchaseOptions, purchaseRows, runPurchases } from './purchases.ts';
import { overviewAlone, overviewRows, runOverview } from './overview.ts';
import { fmt, none, printTable, ratio, lat, type Row } from './lib/table.ts';

const mb = (bytes: number) => bytes / 1024 / 1024;

if (process.env.BENCH_ONLY === 'overview') await overviewAlone();
else
  await runBench(async () => {
    const started = Date.now();
    const loadBefore = os.loadavg();
    const steal = stealMeter();
    const csvRows = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
    const bench = await startStoreBench();
    const memory: Record<string, ServerStats> = { start: await bench.server.stats() };

    const catalogue = await runCatalogueReads(bench, defaultCatalogueOptions);
    memory.afterCatalogue = await bench.server.stats();
    const purchases = await runPurchases(bench, defaultPurchaseOptions);
    memory.afterPurchases = await bench.server.stats();
    const csv = await runCsvImport(bench, { rows: csvRows, components: false });
    memory.end = await bench.server.stats();
    // After the purchases: their queued credentials e-mails are most of the backlog the workers send.
    const emails = await runEmails(bench, defaultEmailOptions);
    // Last: it seeds a million orders and top-ups, which would slow every run after it.
    const overview = await runOverview(bench);
    const loadAfter = os.loadavg();
    // Steal time over the whole bench: the hypervisor running other machines while this one had work.
    const stolenCores = steal();

    const p = purchases;
    const c = catalogue;
    const rows: Row[] = [
      ...purchaseRows(p),
      {
        measure: `catalogue reads/s, ${c.store.concurrency} clients (vs bare Fastify JSON)`,
        store: fmt(c.store.perSecond, 1),
        baseline: fmt(c.bare.perSecond, 1),
        ratio: ratio(c.ratio),
        p50: lat(c.store.latencyMs, c.bare.latencyMs, 'p50'),
        p99: lat(c.store.latencyMs, c.bare.latencyMs, 'p99'),
      },
      {
        measure: `CSV import rows/s, CSV ${fmt(csv.rows / 1000)}k rows (vs COPY FROM STDIN)`,
        store: fmt(csv.app.rowsPerSecond),
        baseline: fmt(csv.copy.rowsPerSecond),
        ratio: ratio(csv.copy.seconds / csv.app.seconds),
        p50: none,
        p99: none,
      },
      {
        measure: `CSV import rows/s, CSV ${fmt(csv.rows / 1000)}k rows (vs unnest INSERT via pg)`,
        store: fmt(csv.app.rowsPerSecond),
        baseline: fmt(csv.unnestInsert.rowsPerSecond),
        ratio: ratio(csv.unnestInsert.seconds / csv.app.seconds),
        p50: none,
        p99: none,
      },
      {
        measure: `e-mails/s, ${fmt(emails.messages)} queued, ${emails.processes} store processes (vs nodemailer pool alone)`,
        store: fmt(emails.store.perSecond),
        baseline: fmt(emails.transport.perSecond),
        ratio: ratio(emails.store.perSecond / emails.transport.perSecond),
        p50: none,
        p99: none,
      },
      ...overviewRows(overview),
      {
        measure: 'server RSS MB, start → end (vs bare Fastify, before → after load)',
        store: `${fmt(mb(memory.start!.rssBytes))} → ${fmt(mb(memory.end!.rssBytes))}`,
        baseline: `${fmt(mb(c.bare.memoryBefore.rssBytes))} → ${fmt(mb(c.bare.memoryAfter.rssBytes))}`,
        ratio: ratio(memory.end!.rssBytes / c.bare.memoryAfter.rssBytes),
        p50: none,
        p99: none,
      },
      {
        measure: 'server heap used MB, start → end (vs bare Fastify)',
        store: `${fmt(mb(memory.start!.heapUsedBytes))} → ${fmt(mb(memory.end!.heapUsedBytes))}`,
        baseline: `${fmt(mb(c.bare.memoryBefore.heapUsedBytes))} → ${fmt(mb(c.bare.memoryAfter.heapUsedBytes))}`,
        ratio: ratio(memory.end!.heapUsedBytes / c.bare.memoryAfter.heapUsedBytes),
        p50: none,
        p99: none,
      },
    ];

    const cores = os.availableParallelism();
    const loadNote = `load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} → ${loadAfter.map((l) => l.toFixed(1)).join(' ')} on ${cores} cores`;
    console.log(
      `\nStore benchmark — Node ${process.version}, PostgreSQL ${bench.pg.version} (fsync on), ${os.cpus()[0]?.model ?? 'unknown CPU'} x${cores}; ${loadNote}`,
    );
    printTable(rows);
    console.log(
      `peak server RSS ${fmt(mb(memory.end!.maxRssBytes))} MB; ${p.store.ok} purchases in ${p.store.seconds}s, failures ${JSON.stringify(p.store.failures)}`,
    );
    console.log(
      `e-mails: ${emails.store.delivered} of ${emails.messages} delivered (${emails.credentialsEmails} credentials e-mails from the purchases), ${emails.store.duplicates} twice, in ${emails.store.seconds}s`,
    );
    // CPU time per operation holds up on a busy shared machine far better than rates do.
    const cpuPerOp = {
      purchase: cpuPerOperation(p.store.cpu, p.store.perSecond),
      tpcbTransaction: cpuPerOperation(p.pgbench.cpu, p.pgbench.tps),
      catalogueRead: cpuPerOperation(c.store.cpu, c.store.perSecond),
      bareRead: cpuPerOperation(c.bare.cpu, c.bare.perSecond),
    };
    const both = (x: { serverMs: number | null; postgresMs: number | null }) =>
      `server ${x.serverMs ?? '?'} + PostgreSQL ${x.postgresMs ?? '?'}`;
    console.log(
      `purchases/s by run: plain and with a promo code (plain, code, code, plain) ${JSON.stringify(purchases.promoRuns)}; web and /api/v1 (web, v1, v1, web) ${JSON.stringify(purchases.api.runs)}`,
    );
    console.log(
      `CPU ms per operation — purchase: ${both(cpuPerOp.purchase)}; TPC-B transaction: PostgreSQL ${cpuPerOp.tpcbTransaction.postgresMs ?? '?'}`,
    );
    console.log(
      `CPU ms per operation — catalogue read: ${both(cpuPerOp.catalogueRead)}; bare Fastify read: server ${cpuPerOp.bareRead.serverMs ?? '?'}`,
    );
    console.log(
      `cores busy in the purchase window — server ${p.store.cpu.serverCores ?? '?'}, PostgreSQL ${p.store.cpu.postgresCores ?? '?'}, load generator ${p.store.cpu.loadGeneratorCores}`,
    );
    const topWaits = (w: Record<string, number>) =>
      Object.entries(w)
        .slice(0, 3)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ');
    console.log(
      `store DB sessions during purchases (average of ${p.store.waits.samples} samples): ${topWaits(p.store.waits.averageSessions)}`,
    );
    console.log(
      `store DB sessions during catalogue reads: ${topWaits(c.store.waits.averageSessions)}`,
    );
    // The host's speed run by run (the canary's median unit): how far apart the fastest and slowest runs were.
    const hostSpeed = speedRange([
      p.store.cpu.hostUnitMs,
      p.spread.cpu.hostUnitMs,
      p.openLoop.cpu.hostUnitMs,
      p.pgbench.cpu.hostUnitMs,
      p.pgbenchAtRate.cpu.hostUnitMs,
      c.store.cpu.hostUnitMs,
      c.bare.cpu.hostUnitMs,
      csv.app.hostUnitMs,
      csv.copy.hostUnitMs,
    ]);
    console.log(
      hostSpeed
        ? `host speed over the runs: the canary's unit took ${hostSpeed.fastest}-${hostSpeed.slowest} ms (median per run; ${(hostSpeed.slowest / hostSpeed.fastest).toFixed(2)}x apart)`
        : 'host speed over the runs: unknown (the canary reported too few units)',
    );
    if (!warnOfSteal('the bench', stolenCores, console.log))
      console.log(
        stolenCores === null
          ? 'steal time over the bench: unknown (no /proc/stat)'
          : `steal time over the bench: ${stolenCores} cores (the host was ours)`,
      );

    const results = {
      startedAt: new Date(started).toISOString(),
      totalSeconds: Math.round((Date.now() - started) / 1000),
      machine: {
        node: process.version,
        postgres: bench.pg.version,
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
        stolenCores,
        hostSpeed,
      },
      table: rows,
      purchases,
      catalogue,
      csv,
      emails,
      overview,
      serverMemory: memory,
      cpuMsPerOperation: cpuPerOp,
    };
    const out = path.join(benchOutDir, 'results.json');
    fs.mkdirSync(benchOutDir, { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwritten to ${path.relative(process.cwd(), out)} (${results.totalSeconds}s)`);
  });
