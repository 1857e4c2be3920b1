// A throwaway PostgreSQL for a benchmark run: embedded binaries, a temporary folder, fsync on (as in
// production), migrated; plus the psql/pgbench plumbing that talks to it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, type Database } from '../../../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../../../src/server/db/embedded-postgres.ts';
import { applyMigrations } from '../../../src/server/db/migrate.ts';
import { onCleanup } from './cleanup.ts';

export type BenchPostgres = {
  /** postgres://postgres:<password>@127.0.0.1:<port>/postgres */
  url: string;
  host: string;
  port: number;
  user: string;
  password: string;
  version: string;
  /** The temporary folder (PostgreSQL data, server data folder, logs); removed at clean-up. */
  dir: string;
  /** The benchmark's own pool, for set-up and checks (the store server has its own). */
  database: Database;
  /** The same server, another database. */
  urlFor: (database: string) => string;
};

export const statementStats = process.env.BENCH_PG_STATEMENTS === '1';

export async function startBenchPostgres(
  log: (line: string) => void = console.log,
): Promise<BenchPostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  fs.chmodSync(dir, 0o755); // as root, PostgreSQL runs as the postgres user and must reach its folder
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));

  log(`Starting a throwaway PostgreSQL in ${dir} (fsync on, as in production) ...`);
  // BENCH_PG_STATEMENTS=1: PostgreSQL counts time per statement (pg_stat_statements, nested ones too, inside
  // purchase_order()), and the purchase bench prints where its time went.
  const settings = statementStats
    ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all']
    : [];
  const embedded = await startEmbeddedPostgres({ dir, settings });
  onCleanup(() => embedded.stop());
  const database = connectDatabase(embedded.url, 10);
  onCleanup(() => database.close());
  await applyMigrations(database);
  if (statementStats)
    await database.pool.query('create extension if not exists pg_stat_statements');
  const version = (
    await database.pool.query<{ v: string }>("select current_setting('server_version') as v")
  ).rows[0]!.v;

  const parsed = new URL(embedded.url);
  const urlFor = (name: string) => {
    const u = new URL(embedded.url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  return {
    url: embedded.url,
    host: parsed.hostname,
    port: Number(parsed.port),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    version,
    dir,
    database,
    urlFor,
  };
}

/**
 * CHECKPOINT before every measured run, the store's and the baseline's alike, so each starts from the same
 * state. A throwaway cluster has no spare WAL segments: until a checkpoint recycles some, each new 16 MB
 * segment is created and zero-filled while commits wait on it (stalls of 40-80 ms, about one per 12 MB of WAL,
 * that a long-running database does not have). The checkpoint also leaves no earlier run's dirty pages for
 * this one to write.
 */
export async function checkpoint(pg: BenchPostgres): Promise<void> {
  await pg.database.pool.query('checkpoint');
}

/**
 * Starts counting the WAL the cluster writes; the returned function gives the bytes since (the WAL position moved,
 * read exactly, not from statistics that backends flush later). Beside TPC-B's, it shows whether a purchase
 * writes more WAL than the baseline's transaction (PERFORMANCE-LOG.md, "Purchase (ADR 011)", "Session 15":
 * about as much).
 */
export async function walMeter(pg: BenchPostgres): Promise<() => Promise<number>> {
  const position = async () =>
    (await pg.database.pool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'))
      .rows[0]!.lsn;
  const from = await position();
  return async () =>
    Number(
      (
        await pg.database.pool.query<{ bytes: string }>(
          'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::bigint::text as bytes',
          [from],
        )
      ).rows[0]!.bytes,
    );
}

export type ProcessResult = { code: number; stdout: string; stderr: string; ms: number };

/** Runs a PostgreSQL client tool (psql, pgbench) against the bench server; rejects on a non-zero exit. */
export function runClientTool(
  pg: BenchPostgres,
  tool: string,
  args: string[],
  stdin?: Buffer,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(tool, args, {
      stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PGHOST: pg.host,
        PGPORT: String(pg.port),
        PGUSER: pg.user,
        PGPASSWORD: pg.password,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (err) =>
      reject(
        new Error(`${tool} could not start (${err.message}); is the PostgreSQL client installed?`),
      ),
    );
    child.on('exit', (code) => {
      const result = { code: code ?? -1, stdout, stderr, ms: performance.now() - started };
      if (code === 0) resolve(result);
      else reject(new Error(`${tool} ${args.join(' ')} exited ${code}:\n${stderr.slice(-2000)}`));
    });
    if (stdin) child.stdin!.end(stdin);
  });
}

/** pgbench from PATH, else the Debian client tools' copy (any version talks to a newer server). */
export function pgbenchBinary(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'pgbench');
    if (dir && fs.existsSync(candidate)) return candidate;
  }
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    for (const version of fs.readdirSync(debian).sort().reverse()) {
      const candidate = path.join(debian, version, 'bin', 'pgbench');
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  throw new Error(
    'pgbench not found: install the PostgreSQL client tools (e.g. apt-get install postgresql-client)',
  );
}
