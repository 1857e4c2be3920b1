// The database's functions and trigger functions, one file each in functions/, in their current text: a change to
// a function is a diff of its file, not a copy of its whole body in a new migration. They are applied after the
// migrations, in their transaction (db/migrate.ts), in file-name order, whenever the files or the migrations have
// changed since they were last applied (a checksum of both, kept beside drizzle's own record). A migration only
// changes data and shape; a new function's first version that a migration itself needs (a CHECK, a trigger) is
// created there and moves here once applied. Repeatable migrations, as Flyway and Sqitch have them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const functionsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'functions',
);

export type FunctionFile = { file: string; sql: string };

/** The function files, in the order they are applied. */
export function readFunctionFiles(folder = functionsFolder): FunctionFile[] {
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => ({ file, sql: fs.readFileSync(path.join(folder, file), 'utf8') }));
}

/**
 * Applies the function files when they, or the migrations before them (`lastMigration`: a migration may drop or
 * replace a function), changed since the last time. Runs in one transaction: every process sees all of them or none.
 */
export async function applyFunctions(
  client: pg.PoolClient,
  lastMigration: string,
  folder = functionsFolder,
): Promise<boolean> {
  await client.query('begin');
  try {
    const applied = await writeFunctionsIfChanged(client, lastMigration, folder);
    await client.query('commit');
    return applied;
  } catch (err) {
    await client.query('rollback');
    throw err;
  }
}

/**
 * applyFunctions() inside the caller's transaction: db/migrate.ts applies the migrations and the functions in one,
 * so that no process ever sees a migrated schema with the previous functions (a function calling one not created
 * yet: drizzle/0030's wrapper, docs/decisions/033).
 */
export async function writeFunctionsIfChanged(
  client: pg.PoolClient,
  lastMigration: string,
  folder = functionsFolder,
): Promise<boolean> {
  const files = readFunctionFiles(folder);
  const checksum = crypto.createHash('sha256').update(lastMigration);
  for (const { file, sql } of files) checksum.update(`\0${file}\0${sql}`);
  const digest = checksum.digest('hex');
  await client.query(
    `create table if not exists drizzle.store_functions (
       id integer primary key check (id = 1), checksum text not null, applied_at timestamptz not null)`,
  );
  const { rows } = await client.query<{ checksum: string }>(
    'select checksum from drizzle.store_functions',
  );
  if (rows[0]?.checksum === digest) return false;
  for (const { file, sql } of files)
    await client.query(sql).catch((err: unknown) => {
      throw new Error(`applying src/server/db/functions/${file} failed: ${String(err)}`, {
        cause: err,
      });
    });
  await client.query(
    `insert into drizzle.store_functions (id, checksum, applied_at) values (1, $1, now())
     on conflict (id) do update set checksum = excluded.checksum, applied_at = excluded.applied_at`,
    [digest],
  );
  return true;
}
