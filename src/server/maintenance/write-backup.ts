// `npm run backup`: one gzip file of JSON lines: a manifest line, then every table of the store in foreign-key
// order, a header line and one `row_to_json` line per row, all read in ONE repeatable-read snapshot. PostgreSQL
// renders every value itself, so restore-backup.ts hands the same text back to it and nothing is lost
// (bytea, jsonb, timestamps, bigint). Works on any server version, embedded or external (docs/decisions/004).
import fs from 'node:fs';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { readMigrationJournal } from '../db/migrate.ts';
import {
  appVersion,
  BACKUP_FORMAT,
  quote,
  type BackupManifest,
  type TableHeader,
} from './backup-format.ts';

const FETCH = 2_000;

export async function writeBackup(
  pool: pg.Pool,
  file: string,
  options: { includeKey?: string } = {},
): Promise<BackupManifest> {
  // Written under a temporary name and renamed once complete and on disk: a backup killed half-way (or a full disk)
  // leaves `FILE.partial`, never a file under a backup's name. An existing backup is refused, never overwritten.
  if (fs.existsSync(file))
    throw Object.assign(new Error(`EEXIST: ${file} exists`), { code: 'EEXIST' });
  const partial = `${file}.partial`;
  const client = await pool.connect(); // first: a database that cannot be reached leaves no file behind
  let fd: number;
  try {
    fd = fs.openSync(partial, 'wx', 0o600);
  } catch (err) {
    client.release();
    throw err;
  }
  const sink = fs.createWriteStream('', { fd });
  const out = createGzip();
  out.pipe(sink);
  const write = async (line: string) => {
    if (!out.write(line + '\n')) await once(out, 'drain');
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const tables = await tablesInForeignKeyOrder(client);
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${quote(table)}`,
      );
      counts[table] = rows[0]!.n;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      serverVersion: (
        await client.query<{ v: string }>("select current_setting('server_version') as v")
      ).rows[0]!.v,
      migrations: await appliedMigrations(client),
      counts,
      ...(options.includeKey ? { credentialsKey: options.includeKey } : {}),
    };
    await write(JSON.stringify(manifest));
    for (const table of tables) {
      const columns = (
        await client.query<{ name: string }>(
          `select attname as name from pg_attribute where attrelid = to_regclass($1) and attnum > 0 and not attisdropped order by attnum`,
          [`public.${quote(table)}`],
        )
      ).rows.map((r) => r.name);
      await write(JSON.stringify({ table, rows: counts[table]!, columns } satisfies TableHeader));
      await client.query(
        `declare dump no scroll cursor for select row_to_json(t)::text as j from ${quote(table)} t`,
      );
      for (;;) {
        const { rows } = await client.query<{ j: string }>(`fetch ${FETCH} from dump`);
        for (const row of rows) await write(row.j);
        if (rows.length < FETCH) break;
      }
      await client.query('close dump');
    }
    await client.query('commit');
    out.end();
    await once(sink, 'close');
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd); // on disk before it takes the name
    fs.closeSync(fd);
    fs.renameSync(partial, file);
    return manifest;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    out.destroy();
    sink.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    client.release();
  }
}

// The Overview's rollups are rebuilt from the rows, not restored: a restore's payments write their own changes
// (the trigger), and the sales are rolled again at the first read (docs/decisions/031-owner-overview.md).
const ROLLUPS = new Set([
  'sales_hours',
  'sales_days',
  'sales_rollup',
  'topup_hours',
  'topup_days',
  'topup_hour_changes',
]);

/** The store's tables (schema public) but the rollups, parents before the tables that reference them. */
async function tablesInForeignKeyOrder(client: pg.PoolClient): Promise<string[]> {
  const { rows: all } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
  );
  const tables = all.filter((t) => !ROLLUPS.has(t.name));
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.conrelid <> c.confrelid`,
  );
  const unquote = (n: string) => n.replace(/^"|"$/g, '').replace(/""/g, '"');
  const parents = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const e of edges) parents.get(unquote(e.child))?.add(unquote(e.parent));
  const ordered: string[] = [];
  while (parents.size > 0) {
    const ready = [...parents]
      .filter(([, ps]) => [...ps].every((p) => !parents.has(p)))
      .map(([t]) => t);
    if (ready.length === 0)
      throw new Error(
        `backup: the foreign keys between ${[...parents.keys()].join(', ')} form a cycle`,
      );
    for (const t of ready.sort()) {
      ordered.push(t);
      parents.delete(t);
    }
  }
  return ordered;
}

/** The committed migrations this database has applied (drizzle records each one's journal time). */
async function appliedMigrations(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ at: string }>(
    'select created_at::text as at from drizzle.__drizzle_migrations',
  );
  const applied = new Set(rows.map((r) => Number(r.at)));
  const known = readMigrationJournal().filter((m) => applied.has(m.when));
  if (known.length !== applied.size) {
    throw new Error(
      `backup: this database has ${applied.size} migrations, ${known.length} of them known to this version of the store: back it up with the version that runs it.`,
    );
  }
  return known.map((m) => m.tag);
}
