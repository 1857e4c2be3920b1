// The parallel restore (issue 49): rows load over several connections into bare tables, keys, indexes and foreign
// keys are built after. A table of several chunks restores every row once; the restored schema has exactly the
// source's constraints, indexes and enabled triggers; a row breaking a key fails the restore and leaves the
// database empty.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { emptyDatabase } from '../test/maintenance-helpers.ts';
import { restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-restore-parallel-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const source = await emptyDatabase();
await applyMigrations(source);
await source.pool.query(`
  insert into users (email, password_hash, full_name, wallet_balance_kobo)
    select 'buyer' || i || '@example.com', 'x', 'Buyer ' || i, i from generate_series(1, 12345) i`);
const file = path.join(work, 'shop.backup');
await writeBackup(source.pool, file);

/** Every key, index, foreign key and trigger of the public schema, with its definition and state. */
const schema = async (d: Database) =>
  (
    await d.pool.query<{ x: string }>(`
      select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) as x from pg_constraint
        where connamespace = 'public'::regnamespace
      union all select indexrelid::regclass || ' ' || pg_get_indexdef(indexrelid) from pg_index
        where indrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
      union all select tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text from pg_trigger
        where not tgisinternal and tgrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
      order by 1`)
  ).rows.map((r) => r.x);

describe('parallel restore', () => {
  it('loads a table of several chunks over several connections: every row once, the schema as it was', async () => {
    const target = await emptyDatabase(); // a pool of 3: three loaders
    await restoreBackup(target, file);
    const { rows } = await target.pool.query<{ n: number; distinct: number; sum: number }>(
      'select count(*)::int as n, count(distinct email)::int as distinct, sum(wallet_balance_kobo)::int as sum from users',
    );
    expect(rows[0]).toEqual({ n: 12345, distinct: 12345, sum: (12345 * 12346) / 2 });
    const expected = await schema(source);
    expect(expected.length).toBeGreaterThan(100);
    expect(await schema(target)).toEqual(expected);
  }, 120_000);

  it('a row breaking a rebuilt key fails the restore and leaves the database empty', async () => {
    const lines = gunzipSync(fs.readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const header = lines.findIndex((l) => l.startsWith('{"table":"users"'));
    const twice = lines[header + 1]!.replace(/"email":"[^"]+"/, '"email":"buyer2@example.com"');
    lines[header + 1] = twice;
    const edited = path.join(work, 'duplicate.backup');
    fs.writeFileSync(edited, gzipSync(lines.join('\n') + '\n'));
    const target = await emptyDatabase();
    await expect(restoreBackup(target, edited)).rejects.toThrow(/unique|duplicate/i);
    const { rows } = await target.pool.query<{ n: number }>(
      "select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace",
    );
    expect(rows[0]!.n).toBe(0);
  }, 120_000);
});
