// Benchmark for ADR 032: the store's own outbox engine (src/server/jobs/outbox-round.ts) against Graphile Worker
// 0.18 on the same PostgreSQL, with jobs that do nothing (the engines' own cost): jobs/s and this process's CPU
// per job for a backlog of JOBS_N, 10 at once; and the cost of adding one job in its own transaction (what a
// purchase would pay): an email_outbox row against graphile_worker.add_job(), interleaved, median of ENQUEUE_N.
// Needs a PostgreSQL: JOB_BENCH_URL (default the machine's, postgres://postgres@127.0.0.1:5432/postgres); it
// makes and drops a database of its own. Run: node scripts/bench/job-engines.ts
import pg from 'pg';
import { Logger, run, makeWorkerUtils } from 'graphile-worker';
import { connectDatabase } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { deliverDueEmails } from '../../src/server/modules/mail/deliver-emails.ts';

const N = Number(process.env.JOBS_N ?? 5000);
const ENQUEUE_N = Number(process.env.ENQUEUE_N ?? 1000);
const base = process.env.JOB_BENCH_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `job_engines_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = base.replace(/\/[^/]*$/, `/${name}`);
const database = connectDatabase(url, 20);

const measure = async (work: () => Promise<void>) => {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await work();
  const seconds = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    perSecond: Math.round(N / seconds),
    cpuMsPerJob: Math.round(((used.user + used.system) / 1000 / N) * 1000) / 1000,
  };
};
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  await applyMigrations(database);
  const utils = await makeWorkerUtils({
    connectionString: url,
    logger: new Logger(() => () => {}),
  });
  await utils.migrate();
  const { pool } = database;

  // Enqueue: one job per transaction, the two kinds interleaved so that the host's swings hit both alike.
  const outboxMs: number[] = [];
  const graphileMs: number[] = [];
  for (let i = 0; i < ENQUEUE_N; i++) {
    let t = performance.now();
    await pool.query(
      `insert into email_outbox (kind, to_address, subject, text_body)
      values ('bench', $1, 'x', 'x')`,
      [`e${i}@bench.test`],
    );
    outboxMs.push(performance.now() - t);
    t = performance.now();
    await pool.query(`select graphile_worker.add_job('noop', json_build_object('i', $1::int))`, [
      i,
    ]);
    graphileMs.push(performance.now() - t);
  }
  await pool.query(`delete from email_outbox; delete from graphile_worker._private_jobs`);

  // Ours: a backlog of N e-mails through a transport that does nothing, 10 lanes, rounds of 100.
  await pool.query(`insert into email_outbox (kind, to_address, subject, text_body)
    select 'bench', 'r' || i || '@bench.test', 'x', 'x' from generate_series(1, ${N}) i`);
  const noop = { name: 'noop', concurrency: 10, send: async () => {} };
  const ours = await measure(async () => {
    while ((await deliverDueEmails(database.db, noop, 'x@bench.test')) > 0);
  });

  // Graphile Worker: the same backlog of no-op jobs, concurrency 10, one worker.
  await pool.query(`select graphile_worker.add_job('noop', json_build_object('i', i))
    from generate_series(1, ${N}) i`);
  let done = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((resolve) => (finished = resolve));
  // GRAPHILE_BATCH=1: its batching options (a local queue of 100, completions written together).
  const batching = process.env.GRAPHILE_BATCH === '1';
  const graphile = await measure(async () => {
    const runner = await run({
      connectionString: url,
      ...(batching
        ? { preset: { worker: { localQueue: { size: 100 }, completeJobBatchDelay: 0 } } }
        : {}),
      concurrency: 10,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: new Logger(() => () => {}),
      taskList: { noop: async () => void (++done === N && finished()) },
    });
    await allDone;
    await runner.stop();
  });
  await utils.release();
  console.log(
    JSON.stringify({
      jobs: N,
      ours,
      graphileWorker: graphile,
      enqueueMedianMs: { outboxRow: median(outboxMs), graphileAddJob: median(graphileMs) },
    }),
  );
} finally {
  await database.close();
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
}
