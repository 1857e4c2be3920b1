// Benchmark: one 100,000-row CSV uploaded through the real app (HTTP, streamed csv-parse, AES-256-GCM,
// COPY straight into individual_accounts per batch, stock recount), against PostgreSQL's own COPY FROM
// STDIN (via psql) and a plain unnest INSERT (via pg) of the same rows into a scratch table with text columns
// (no encryption).
// Run alone: node scripts/bench/csv-import.ts [rows] (npm run bench:csv). Writes .tmp/bench/csv-import.json.
// npm run bench runs it too, through runCsvImport. The store runs in its own process (lib/server.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type pg from 'pg';
import { createCredentialCipher } from '../../src/server/modules/stock/credential-cipher.ts';
import { runBench } from './lib/cleanup.ts';
import { cpuMeter, postmasterPid, stealMeter, warnOfSteal } from './lib/observe.ts';
import { speedMeter, warnOfSpeedChange } from './lib/host-speed.ts';
import { checkpoint, runClientTool, type BenchPostgres } from './lib/postgres.ts';
import { benchOutDir } from './lib/server.ts';
import { signInAdmin, startStoreBench, type StoreBench } from './lib/store.ts';

const HEADER = 'username,email,password,email_password,followers';
/** The plain unnest INSERT baseline's batch size (the app's own batches are import-accounts-csv.ts's). */
const UNNEST_BATCH_ROWS = 1000;

function csvRows(n: number, prefix: string): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const u = `${prefix}${i}`;
    lines.push(
      `${u},${u}@mail.example,Pw-${crypto.randomBytes(6).toString('base64url')},Mail-${crypto.randomBytes(6).toString('base64url')},${1000 + (i % 50_000)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const seconds = (ms: number) => Math.round(ms) / 1000;
const perSecond = (rows: number, ms: number) => Math.round(rows / (ms / 1000));

export type CsvOptions = {
  rows: number;
  /** Also time csv-parse and AES-GCM alone, in this process. */ components: boolean;
};
export const defaultCsvOptions: CsvOptions = { rows: 100_000, components: true };

export type CsvResults = {
  rows: number;
  csvBytes: number;
  app: {
    method: string;
    seconds: number;
    rowsPerSecond: number;
    serverCpuSeconds: number | null;
    postgresCpuSeconds: number | null;
    /** The host-speed canary's median unit over the upload (host-speed.ts). */
    hostUnitMs: number | null;
  };
  copy: { method: string; seconds: number; rowsPerSecond: number; hostUnitMs: number | null };
  unnestInsert: { method: string; seconds: number; rowsPerSecond: number };
  ratioCopyToApp: number;
  ratioUnnestToApp: number;
  components?: { csvParseSeconds: number; aesGcmTwoPerRowSeconds: number };
};

export async function runCsvImport(
  bench: StoreBench,
  options: CsvOptions = defaultCsvOptions,
  log = console.log,
): Promise<CsvResults> {
  const ROWS = options.rows;
  const { base } = bench.server;
  const pool = bench.pg.database.pool;
  const origin = bench.origin;
  const cookie = await signInAdmin(bench);

  async function post(url: string, body: unknown) {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { ...origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { item: { id: string } };
  }
  async function upload(templateId: string, csv: Buffer) {
    const payload = new Uint8Array(csv);
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/product-groups/${templateId}/upload`, {
      method: 'POST',
      headers: { ...origin, cookie, 'content-type': 'text/csv' },
      body: payload,
    });
    const body = (await res.json()) as {
      created?: number;
      stockCount?: number;
      error?: { message: string };
    };
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    return { ms, body };
  }

  const category = (
    await post('/api/admin/categories', {
      name: `Bench CSV ${crypto.randomBytes(3).toString('hex')}`,
    })
  ).item.id;
  const warmTemplate = (
    await post('/api/admin/product-groups', {
      productName: 'Bench Warm-up',
      categoryId: category,
      priceKobo: 100_000,
    })
  ).item.id;
  const template = (
    await post('/api/admin/product-groups', {
      productName: 'Bench Template',
      categoryId: category,
      priceKobo: 100_000,
    })
  ).item.id;

  log('CSV import: warm-up upload of 2,000 rows ...');
  await upload(warmTemplate, Buffer.from(csvRows(2000, 'warm')));

  const csvText = csvRows(ROWS, 'user');
  const csv = Buffer.from(csvText);
  log(
    `CSV import: uploading ${ROWS.toLocaleString('en')} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB) in one request ...`,
  );
  await checkpoint(bench.pg);
  const stopCpu = cpuMeter(bench.server.pid, postmasterPid(bench.pg.dir));
  const appRun = await upload(template, csv);
  const cpu = stopCpu();
  warnOfSteal('the upload', cpu.stolenCores, log);
  const cpuSeconds = (cores: number | null) =>
    cores === null ? null : Math.round(cores * cpu.seconds * 100) / 100;
  const stored = (
    await pool.query<{ n: number }>(
      'select count(*)::int as n from individual_accounts where product_group_id = $1',
      [template],
    )
  ).rows[0]!.n;
  if (appRun.body.created !== ROWS || stored !== ROWS || appRun.body.stockCount !== ROWS) {
    throw new Error(
      `expected ${ROWS} rows, got created=${appRun.body.created} stored=${stored} stock=${appRun.body.stockCount}`,
    );
  }

  // Baselines: the same rows, plain text, same unique indexes as individual_accounts.
  const scratch = (name: string) => `
    drop table if exists ${name};
    create table ${name} (
      id uuid primary key default gen_random_uuid(), username text not null, email text, password text not null,
      email_password text, followers text, created_at timestamptz not null default now());
    create unique index ${name}_username on ${name} (lower(username));
    create unique index ${name}_email on ${name} (lower(email)) where email is not null;`;
  await pool.query(scratch('bench_copy'));
  await pool.query(scratch('bench_unnest'));

  log('CSV import: COPY FROM STDIN through psql ...');
  await checkpoint(bench.pg);
  const copySteal = stealMeter();
  const copySpeed = speedMeter();
  const copyMs = await psqlCopy(
    bench.pg,
    'copy bench_copy (username, email, password, email_password, followers) from stdin with (format csv, header true)',
    csv,
  );
  const copied = (await pool.query<{ n: number }>('select count(*)::int as n from bench_copy'))
    .rows[0]!.n;
  if (copied !== ROWS) throw new Error(`COPY loaded ${copied} rows`);
  warnOfSteal('COPY', copySteal(), log);
  const copyUnitMs = copySpeed();
  warnOfSpeedChange('the upload', 'COPY', cpu.hostUnitMs, copyUnitMs, log);

  log(`CSV import: unnest INSERT in batches of ${UNNEST_BATCH_ROWS} through pg ...`);
  await checkpoint(bench.pg);
  const unnestMs = await unnestInsert(pool, csvText);
  await pool.query('drop table bench_copy; drop table bench_unnest');

  let components: CsvResults['components'];
  if (options.components) {
    // Where the app's time goes, measured in this process on the same rows.
    const parseStarted = performance.now();
    let parsed = 0;
    const parser = parse({
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      columns: true,
    });
    Readable.from([csv]).pipe(parser);
    for await (const _row of parser) parsed++;
    const parseMs = performance.now() - parseStarted;
    const cipher = createCredentialCipher(crypto.randomBytes(32));
    const encryptStarted = performance.now();
    for (let i = 0; i < parsed; i++) {
      cipher.encrypt(`Pw-${i}-abcdefgh`);
      cipher.encrypt(`Mail-${i}-abcdefgh`);
    }
    const encryptMs = performance.now() - encryptStarted;
    components = { csvParseSeconds: seconds(parseMs), aesGcmTwoPerRowSeconds: seconds(encryptMs) };
  }

  return {
    rows: ROWS,
    csvBytes: csv.length,
    app: {
      method:
        'POST /api/admin/product-groups/:id/upload over HTTP (streamed csv-parse, AES-256-GCM x2 per row, COPY into individual_accounts per batch)',
      seconds: seconds(appRun.ms),
      rowsPerSecond: perSecond(ROWS, appRun.ms),
      // Where the upload's time went: CPU seconds of the server process and of PostgreSQL over its window.
      serverCpuSeconds: cpuSeconds(cpu.serverCores),
      postgresCpuSeconds: cpuSeconds(cpu.postgresCores),
      hostUnitMs: cpu.hostUnitMs,
    },
    copy: {
      method:
        'COPY ... FROM STDIN WITH (FORMAT csv) through psql, plain text columns, same unique indexes',
      seconds: seconds(copyMs),
      rowsPerSecond: perSecond(ROWS, copyMs),
      hostUnitMs: copyUnitMs,
    },
    unnestInsert: {
      method: `INSERT ... SELECT FROM unnest() through pg, batches of ${UNNEST_BATCH_ROWS}, plain text, same unique indexes`,
      seconds: seconds(unnestMs),
      rowsPerSecond: perSecond(ROWS, unnestMs),
    },
    ratioCopyToApp: Math.round((appRun.ms / copyMs) * 10) / 10,
    ratioUnnestToApp: Math.round((appRun.ms / unnestMs) * 10) / 10,
    ...(components ? { components } : {}),
  };
}

/** COPY ... FROM STDIN with the CSV on psql's standard input; resolves with the wall time in ms. */
async function psqlCopy(pg: BenchPostgres, statement: string, data: Buffer): Promise<number> {
  return (
    await runClientTool(
      pg,
      'psql',
      ['-v', 'ON_ERROR_STOP=1', '-q', '-c', statement, 'postgres'],
      data,
    )
  ).ms;
}

async function unnestInsert(pool: pg.Pool, csvText: string): Promise<number> {
  const rows = csvText
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const started = performance.now();
  for (let i = 0; i < rows.length; i += UNNEST_BATCH_ROWS) {
    const batch = rows.slice(i, i + UNNEST_BATCH_ROWS);
    const col = (k: number) => batch.map((r) => r[k] ?? null);
    await pool.query(
      `insert into bench_unnest (username, email, password, email_password, followers)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) on conflict do nothing`,
      [col(0), col(1), col(2), col(3), col(4)],
    );
  }
  return performance.now() - started;
}

if (import.meta.main) {
  await runBench(async () => {
    const rows = Number(process.argv[2] ?? defaultCsvOptions.rows);
    const bench = await startStoreBench();
    const results = {
      ...(await runCsvImport(bench, { rows, components: true })),
      node: process.version,
      postgres: bench.pg.version,
      cpu: `${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}`,
    };
    const line = (name: string, s: number, rps: number) =>
      `${name.padEnd(44)}${s.toFixed(2).padStart(9)}${rps.toLocaleString('en').padStart(12)}`;
    console.log(
      `\nCSV import, ${rows.toLocaleString('en')} rows, ${(results.csvBytes / 1024 / 1024).toFixed(1)} MB (Node ${process.version}, PostgreSQL ${bench.pg.version})`,
    );
    console.log(`${'path'.padEnd(44)}${'seconds'.padStart(9)}${'rows/s'.padStart(12)}`);
    console.log(
      line(
        'app upload (HTTP, parse, encrypt, insert)',
        results.app.seconds,
        results.app.rowsPerSecond,
      ),
    );
    console.log(
      line(
        'COPY FROM STDIN via psql (plain text)',
        results.copy.seconds,
        results.copy.rowsPerSecond,
      ),
    );
    console.log(
      line(
        'unnest INSERT via pg (plain text)',
        results.unnestInsert.seconds,
        results.unnestInsert.rowsPerSecond,
      ),
    );
    console.log(
      `app is ${results.ratioCopyToApp}x slower than COPY, ${results.ratioUnnestToApp}x slower than the plain unnest INSERT`,
    );
    console.log(
      `app upload CPU: server ${results.app.serverCpuSeconds}s, PostgreSQL ${results.app.postgresCpuSeconds}s`,
    );
    console.log(
      `in-process components: csv-parse ${results.components!.csvParseSeconds}s, AES-256-GCM (2 per row) ${results.components!.aesGcmTwoPerRowSeconds}s`,
    );
    const outFile = path.join(benchOutDir, 'csv-import.json');
    fs.mkdirSync(benchOutDir, { recursive: true });
    fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nwritten to ${path.relative(process.cwd(), outFile)}`);
  });
}
