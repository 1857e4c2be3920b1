// The database functions live in db/functions/, one file each: what the database runs is exactly those files, a
// changed file is applied once at the next start, and a backup restored into this version ends with them too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { restoreBackup } from '../maintenance/restore-backup.ts';
import { writeBackup } from '../maintenance/write-backup.ts';
import { emptyDatabase, shopWithSoldOrder } from '../test/maintenance-helpers.ts';
import { createTestApp } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { applyFunctions, functionsFolder, readFunctionFiles } from './functions.ts';
import { readMigrationJournal } from './migrate.ts';
import { whenDone } from '../test/when-done.ts';

const { app, database } = await createTestApp();
const lastMigration = readMigrationJournal().at(-1)!.tag;

/**
 * Each file's functions: name/number of arguments → the body between its dollar quotes (a name may have two
 * signatures, as purchase_order() has while the previous release's processes still call the older one).
 */
function filedBodies(folder = functionsFolder): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const { file, sql } of readFunctionFiles(folder))
    for (const m of sql.matchAll(
      /CREATE OR REPLACE FUNCTION (\w+)\(([\s\S]*?)\)\s*(?:RETURNS|LANGUAGE)[\s\S]*?AS \$\$([\s\S]*?)\$\$/g,
    )) {
      const key = `${m[1]}/${m[2]!.trim() ? m[2]!.split(',').length : 0}`;
      expect(bodies.has(key), `${key} is defined in one file only (${file})`).toBe(false);
      bodies.set(key, m[3]!);
    }
  return bodies;
}

/** The store's own functions as the database runs them: name/number of arguments → source. */
async function liveBodies({ pool }: Database): Promise<Map<string, string>> {
  const { rows } = await pool.query<{ name: string; src: string }>(
    `select p.proname || '/' || p.pronargs as name, p.prosrc as src
       from pg_proc p join pg_language l on l.oid = p.prolang
      where p.pronamespace = 'public'::regnamespace and l.lanname in ('plpgsql', 'sql')`,
  );
  return new Map(rows.map((r) => [r.name, r.src]));
}

describe('database functions', () => {
  it('runs exactly the files: every function of the store has its file, and its body is the file’s text', async () => {
    const filed = filedBodies();
    expect(filed.size).toBeGreaterThanOrEqual(8);
    expect(await liveBodies(database)).toEqual(filed);
  });

  it('applies a changed file at the next start, once, and leaves unchanged files alone', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'store-functions-'));
    whenDone(() => fs.rmSync(folder, { recursive: true, force: true }));
    for (const { file, sql } of readFunctionFiles()) fs.writeFileSync(path.join(folder, file), sql);
    const client = await database.pool.connect();
    try {
      expect(await applyFunctions(client, lastMigration)).toBe(false);
      const file = path.join(folder, '31-refresh-stock-counts.sql');
      fs.writeFileSync(
        file,
        fs.readFileSync(file, 'utf8').replace('BEGIN', 'BEGIN\n  -- a changed body'),
      );
      expect(await applyFunctions(client, lastMigration, folder)).toBe(true);
      expect((await liveBodies(database)).get('refresh_stock_counts/1')).toContain(
        'a changed body',
      );
      expect(await applyFunctions(client, lastMigration, folder)).toBe(false);
      // Back to this version's text: a new migration alone (the same files) applies them again too.
      expect(await applyFunctions(client, lastMigration)).toBe(true);
      expect(await applyFunctions(client, 'a-newer-migration')).toBe(true);
      expect(await applyFunctions(client, 'a-newer-migration')).toBe(false);
    } finally {
      await client.query('delete from drizzle.store_functions');
      client.release();
    }
    expect(await liveBodies(database)).toEqual(filedBodies());
  });

  it('ends a restore with the current functions', async () => {
    await shopWithSoldOrder(app, database.db);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-functions-backup-'));
    whenDone(() => fs.rmSync(work, { recursive: true, force: true }));
    const file = path.join(work, 'shop.backup');
    await writeBackup(database.pool, file);
    const restored = await emptyDatabase();
    await restoreBackup(restored, file);
    expect(await liveBodies(restored)).toEqual(filedBodies());
  });
});
