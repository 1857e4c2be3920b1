// `npm run restore FILE`: brings a backup (write-backup.ts) back into an EMPTY database. It replays the migrations
// the backup was made at, loads every table over several connections into bare tables (PostgreSQL parses the rows
// it rendered itself), builds keys, indexes and foreign keys after, then applies this version's newer
// migrations, so a backup restores into a newer store too, and ends with ANALYZE.
// If anything fails, everything it created is dropped again: the database is left empty, never half restored.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { applyMigrations, migrationsFolder, readMigrationJournal } from '../db/migrate.ts';
import { manifestFrom, quote, type BackupManifest, type TableHeader } from './backup-format.ts';
import { deferConstraints } from './deferred-constraints.ts';

const BATCH = 5_000;

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export async function restoreBackup(database: Database, file: string): Promise<BackupManifest> {
  const lines = readline
    .createInterface({ input: fs.createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })
    [Symbol.asyncIterator]();
  try {
    const first = await lines.next().catch(() => ({ value: undefined })); // not gzip: not ours either
    const manifest = parseManifest(first.value);
    const journal = readMigrationJournal();
    if (manifest.migrations.some((tag, i) => journal[i]?.tag !== tag)) {
      throw new RestoreRefused(
        `This backup was made by another version of the store (migrations ${manifest.migrations.at(-1)}); restore it with that version, then upgrade.`,
      );
    }
    const objects = await countObjects(database.pool);
    if (objects > 0) {
      throw new RestoreRefused(
        `The database is not empty (${objects} tables or other relations). Restore needs an empty database: create a new one, or see docs/deploy.md#restore.`,
      );
    }
    const prefix = prefixOfMigrations(manifest.migrations.length);
    try {
      await applyMigrations(database, prefix);
      await loadTables(database.pool, manifest, lines);
      await applyMigrations(database);
      // Fresh tables have no statistics: without them the planner guesses, and the first check:ledger after a
      // restore of a large shop took 37–58 s instead of 1.7 s (issue 37).
      await database.pool.query('analyze');
    } catch (err) {
      await dropEverything(database.pool);
      throw err;
    } finally {
      fs.rmSync(prefix, { recursive: true, force: true });
    }
    return manifest;
  } finally {
    await lines.return?.();
  }
}

function parseManifest(line: string | undefined): BackupManifest {
  const manifest = manifestFrom(line);
  if (!manifest)
    throw new RestoreRefused('This file is not a store backup (made by `npm run backup`).');
  return manifest;
}

/** Parallel loading (issue 49: restore ran at 0.27x pg_restore): the file is read once, in order; each chunk of
 * rows becomes one INSERT on the next free connection, into bare tables (deferred-constraints.ts), and the keys,
 * indexes and foreign keys are built afterwards, also in parallel. Every row is still checked: the counts against
 * the manifest, the rebuilt keys and foreign keys against every row. */
async function loadTables(
  pool: pg.Pool,
  manifest: BackupManifest,
  lines: AsyncIterator<string>,
): Promise<void> {
  const workers = Math.max(1, pool.options.max ?? 1);
  const setup = await pool.connect();
  const deferred = await deferConstraints(setup).finally(() => setup.release());
  const running = parallel(workers);
  const loaded: Record<string, number> = {};
  const seen = new Set<string>();
  let next = await lines.next();
  while (!next.done) {
    const header = JSON.parse(next.value) as TableHeader;
    seen.add(header.table);
    loaded[header.table] = 0;
    const insert = await insertStatement(pool, header);
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const rows = `[${batch.join(',')}]`;
      batch = [];
      await running.start(async () => {
        const n = (await pool.query(insert, [rows])).rowCount ?? 0; // read after the await: tasks overlap
        loaded[header.table]! += n;
      });
    };
    for (let i = 0; i < header.rows; i++) {
      next = await lines.next();
      if (next.done) {
        await running.settle();
        throw new RestoreRefused(
          `The backup ends inside table ${header.table}: the file is cut short.`,
        );
      }
      batch.push(next.value);
      if (batch.length === BATCH) await flush();
    }
    await flush();
    next = await lines.next();
  }
  await running.done();
  for (const [table, n] of Object.entries(loaded))
    if (n !== manifest.counts[table])
      throw new RestoreRefused(
        `${table}: loaded ${n} rows, the manifest says ${manifest.counts[table]}.`,
      );
  const missing = Object.keys(manifest.counts).filter((t) => !seen.has(t));
  if (missing.length)
    throw new RestoreRefused(
      `The backup ends before tables ${missing.join(', ')}: the file is cut short.`,
    );
  await deferred.restore(async (statements) => {
    const build = parallel(workers);
    for (const s of statements) await build.start(() => pool.query(s.sql));
    await build.done();
  });
  await resetSequences(pool);
}

/** At most `limit` tasks at once; `start` waits for a free place; the first failure is thrown by `start` or `done`. */
function parallel(limit: number) {
  const inFlight = new Set<Promise<unknown>>();
  let failure: { err: unknown } | undefined;
  const settle = () => Promise.allSettled([...inFlight]);
  return {
    settle,
    async start(task: () => Promise<unknown>): Promise<void> {
      while (inFlight.size >= limit) await Promise.race(inFlight).catch(() => {});
      if (failure) throw (await settle(), failure.err);
      const p: Promise<unknown> = task().then(
        () => void inFlight.delete(p),
        (err: unknown) => {
          inFlight.delete(p);
          failure ??= { err };
        },
      );
      inFlight.add(p);
    },
    async done(): Promise<void> {
      await settle();
      if (failure) throw failure.err;
    },
  };
}

/** Every stored column (not generated ones), the identity values kept as they were. */
async function insertStatement(
  client: pg.Pool,
  { table, columns: backedUp }: TableHeader,
): Promise<string> {
  const { rows } = await client.query<{ name: string; generated: boolean }>(
    `select attname as name, attgenerated <> '' as generated from pg_attribute
      where attrelid = to_regclass($1) and attnum > 0 and not attisdropped order by attnum`,
    [`public.${quote(table)}`],
  );
  if (rows.length === 0)
    throw new RestoreRefused(
      `The backup holds table ${table}, which this version of the store does not have.`,
    );
  const lost = backedUp.filter((c) => !rows.some((r) => r.name === c));
  if (lost.length)
    throw new RestoreRefused(
      `${table} has no column ${lost.join(', ')} here: its values in the backup would be lost.`,
    );
  const columns = rows
    .filter((r) => !r.generated)
    .map((r) => quote(r.name))
    .join(', ');
  const target = `public.${quote(table)}`;
  return `insert into ${target} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${target}, $1::json)`;
}

async function resetSequences(client: pg.Pool): Promise<void> {
  const { rows } = await client.query<{ table: string; column: string; seq: string }>(
    `select c.relname as table, a.attname as column, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as seq
       from pg_class c join pg_attribute a on a.attrelid = c.oid
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
  );
  for (const r of rows) {
    await client.query(
      `select setval($1, coalesce((select max(${quote(r.column)}) from public.${quote(r.table)}), 0) + 1, false)`,
      [r.seq],
    );
  }
}

async function countObjects(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`,
  );
  return rows[0]!.n;
}

/** A migrations folder holding only the first `count` committed migrations. */
function prefixOfMigrations(count: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-restore-migrations-'));
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries)
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/** Drops what a failed restore created; the database was empty before, so that is everything in it. */
async function dropEverything(pool: pg.Pool): Promise<void> {
  await pool.query('drop schema if exists drizzle cascade');
  const list = async (sql: string) =>
    (await pool.query<{ name: string }>(sql)).rows.map((r) => r.name);
  const tables = await list(
    `select oid::regclass::text as name from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
  );
  for (const t of tables)
    await pool
      .query(`drop ${kindOf(await relkind(pool, t))} if exists ${t} cascade`)
      .catch(() => {});
  for (const f of await list(
    `select oid::regprocedure::text as name from pg_proc where pronamespace = 'public'::regnamespace`,
  )) {
    await pool.query(`drop routine if exists ${f} cascade`);
  }
  for (const t of await list(
    `select oid::regtype::text as name from pg_type where typnamespace = 'public'::regnamespace and typtype in ('e', 'd')`,
  )) {
    await pool.query(`drop type if exists ${t} cascade`);
  }
}

async function relkind(pool: pg.Pool, name: string): Promise<string> {
  return (
    (
      await pool.query<{ k: string }>(
        'select relkind::text as k from pg_class where oid = to_regclass($1)',
        [name],
      )
    ).rows[0]?.k ?? 'r'
  );
}

const kindOf = (k: string) =>
  ({ v: 'view', m: 'materialized view', S: 'sequence', f: 'foreign table' })[k] ?? 'table';
