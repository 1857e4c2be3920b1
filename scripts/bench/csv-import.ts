// Benchmark: one 100,000-row CSV uploaded through the real app (HTTP, streamed csv-parse, AES-256-GCM,
// batched unnest inserts, stock recount), against PostgreSQL's own COPY FROM STDIN (via psql) and a plain
// unnest INSERT (via pg) of the same rows into a scratch table with text columns (no encryption).
// Run: node scripts/bench/csv-import.ts [rows]. Writes .tmp/bench/csv-import.json.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { connectDatabase, type Database } from '../../src/server/db/client.ts';
import { freePort, startEmbeddedPostgres } from '../../src/server/db/embedded-postgres.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { users } from '../../src/server/modules/auth/auth.tables.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { createCredentialCipher } from '../../src/server/modules/stock/credential-cipher.ts';
import { BATCH_ROWS } from '../../src/server/modules/stock/import-accounts-csv.ts';

const ROWS = Number(process.argv[2] ?? 100_000);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const outFile = path.join(repoRoot, '.tmp/bench/csv-import.json');
const HEADER = 'username,email,password,email_password,followers';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
async function cleanup(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (err) {
      console.error('cleanup step failed:', err);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

function csvRows(n: number, prefix: string): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const u = `${prefix}${i}`;
    lines.push(`${u},${u}@mail.example,Pw-${crypto.randomBytes(6).toString('base64url')},Mail-${crypto.randomBytes(6).toString('base64url')},${1000 + (i % 50_000)}`);
  }
  return `${lines.join('\n')}\n`;
}

const seconds = (ms: number) => Math.round(ms) / 1000;
const perSecond = (rows: number, ms: number) => Math.round(rows / (ms / 1000));

async function main(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-csv-'));
  fs.chmodSync(tmp, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its folder
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));

  console.log(`Starting a throwaway PostgreSQL in ${tmp} (fsync on, as in production) ...`);
  const embedded = await startEmbeddedPostgres({ dir: tmp });
  cleanups.push(() => embedded.stop());
  const database: Database = connectDatabase(embedded.url, 20);
  cleanups.push(() => database.close());
  await applyMigrations(database);
  const pgVersion = (await database.pool.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(tmp, 'data'),
    DATABASE_URL: embedded.url,
    CREDENTIALS_KEY: crypto.randomBytes(32).toString('hex'),
    PUBLIC_URL: base,
    DEMO_SEED: 'false',
  });
  const app = await buildApp({ config, database });
  cleanups.push(() => app.close());
  await app.listen({ port, host: '127.0.0.1' });

  // An admin, signed in through the real login route.
  const email = 'bench-admin@example.com';
  const password = crypto.randomBytes(12).toString('base64url');
  await database.db.insert(users).values({ email, fullName: 'bench', passwordHash: await hashPassword(password), isAdmin: true, emailConfirmedAt: new Date() });
  const origin = { origin: base };
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const sid = login.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  const cookie = sid.split(';')[0]!;

  async function post(url: string, body: unknown) {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: { ...origin, cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { item: { id: string } };
  }
  async function upload(templateId: string, csv: Buffer) {
    const payload = new Uint8Array(csv);
    const started = performance.now();
    const res = await fetch(`${base}/api/admin/templates/${templateId}/upload`, { method: 'POST', headers: { ...origin, cookie, 'content-type': 'text/csv' }, body: payload });
    const body = (await res.json()) as { created?: number; stockCount?: number; error?: { message: string } };
    const ms = performance.now() - started;
    if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    return { ms, body };
  }

  const category = (await post('/api/admin/categories', { name: 'Bench Category' })).item.id;
  const warmTemplate = (await post('/api/admin/templates', { productName: 'Bench Warm-up', categoryId: category, priceKobo: 100_000 })).item.id;
  const template = (await post('/api/admin/templates', { productName: 'Bench Template', categoryId: category, priceKobo: 100_000 })).item.id;

  console.log('Warm-up upload of 2,000 rows ...');
  await upload(warmTemplate, Buffer.from(csvRows(2000, 'warm')));

  const csvText = csvRows(ROWS, 'user');
  const csv = Buffer.from(csvText);
  console.log(`Uploading ${ROWS.toLocaleString('en')} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB) in one request ...`);
  const appRun = await upload(template, csv);
  const stored = (await database.pool.query<{ n: number }>('select count(*)::int as n from individual_accounts where product_group_id = $1', [template])).rows[0]!.n;
  if (appRun.body.created !== ROWS || stored !== ROWS || appRun.body.stockCount !== ROWS) {
    throw new Error(`expected ${ROWS} rows, got created=${appRun.body.created} stored=${stored} stock=${appRun.body.stockCount}`);
  }

  // Baselines: the same rows, plain text, same unique indexes as individual_accounts.
  const scratch = (name: string) => `
    create table ${name} (
      id uuid primary key default gen_random_uuid(), username text not null, email text, password text not null,
      email_password text, followers text, created_at timestamptz not null default now());
    create unique index ${name}_username on ${name} (lower(username));
    create unique index ${name}_email on ${name} (lower(email)) where email is not null;`;
  await database.pool.query(scratch('bench_copy'));
  await database.pool.query(scratch('bench_unnest'));

  console.log('COPY FROM STDIN through psql ...');
  const copyMs = await psqlCopy(embedded.url, 'copy bench_copy (username, email, password, email_password, followers) from stdin with (format csv, header true)', csv);
  const copied = (await database.pool.query<{ n: number }>('select count(*)::int as n from bench_copy')).rows[0]!.n;
  if (copied !== ROWS) throw new Error(`COPY loaded ${copied} rows`);

  console.log(`unnest INSERT in batches of ${BATCH_ROWS} through pg ...`);
  const unnestMs = await unnestInsert(database.pool, csvText);

  // Where the app's time goes, measured in this process on the same rows.
  const parseStarted = performance.now();
  let parsed = 0;
  const parser = parse({ bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, columns: true });
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

  const results = {
    rows: ROWS,
    csvBytes: csv.length,
    node: process.version,
    postgres: pgVersion,
    cpu: `${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}`,
    app: { method: 'POST /api/admin/templates/:id/upload over HTTP (streamed csv-parse, AES-256-GCM x2 per row, unnest insert per 1,000 rows)', seconds: seconds(appRun.ms), rowsPerSecond: perSecond(ROWS, appRun.ms) },
    copy: { method: 'COPY ... FROM STDIN WITH (FORMAT csv) through psql, plain text columns, same unique indexes', seconds: seconds(copyMs), rowsPerSecond: perSecond(ROWS, copyMs) },
    unnestInsert: { method: `INSERT ... SELECT FROM unnest() through pg, batches of ${BATCH_ROWS}, plain text, same unique indexes`, seconds: seconds(unnestMs), rowsPerSecond: perSecond(ROWS, unnestMs) },
    ratioCopyToApp: Math.round((appRun.ms / copyMs) * 10) / 10,
    ratioUnnestToApp: Math.round((appRun.ms / unnestMs) * 10) / 10,
    components: { csvParseSeconds: seconds(parseMs), aesGcmTwoPerRowSeconds: seconds(encryptMs) },
  };

  const line = (name: string, s: number, rps: number) => `${name.padEnd(44)}${s.toFixed(2).padStart(9)}${rps.toLocaleString('en').padStart(12)}`;
  console.log(`\nCSV import, ${ROWS.toLocaleString('en')} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB (Node ${process.version}, PostgreSQL ${pgVersion})`);
  console.log(`${'path'.padEnd(44)}${'seconds'.padStart(9)}${'rows/s'.padStart(12)}`);
  console.log(line('app upload (HTTP, parse, encrypt, insert)', results.app.seconds, results.app.rowsPerSecond));
  console.log(line('COPY FROM STDIN via psql (plain text)', results.copy.seconds, results.copy.rowsPerSecond));
  console.log(line('unnest INSERT via pg (plain text)', results.unnestInsert.seconds, results.unnestInsert.rowsPerSecond));
  console.log(`app is ${results.ratioCopyToApp}x slower than COPY, ${results.ratioUnnestToApp}x slower than the plain unnest INSERT`);
  console.log(`in-process components: csv-parse ${results.components.csvParseSeconds}s, AES-256-GCM (2 per row) ${results.components.aesGcmTwoPerRowSeconds}s`);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(repoRoot, outFile)}`);
}

/** COPY ... FROM STDIN with the CSV on psql's standard input; resolves with the wall time in ms. */
function psqlCopy(url: string, statement: string, data: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', statement], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) => reject(new Error(`psql could not start (${err.message}); is the PostgreSQL client installed?`)));
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`psql exited ${code}: ${stderr}`))));
    child.stdin.end(data);
  });
}

async function unnestInsert(pool: pg.Pool, csvText: string): Promise<number> {
  const rows = csvText.trimEnd().split('\n').slice(1).map((l) => l.split(','));
  const started = performance.now();
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS);
    const col = (k: number) => batch.map((r) => r[k] ?? null);
    await pool.query(
      `insert into bench_unnest (username, email, password, email_password, followers)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) on conflict do nothing`,
      [col(0), col(1), col(2), col(3), col(4)],
    );
  }
  return performance.now() - started;
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
