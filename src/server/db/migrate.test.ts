// A migration meeting the running store's locks (db/migrate.ts): it waits at most its lock_timeout, starts again,
// and finishes once they are gone; caught in a lock cycle with a purchase-like transaction, the migration is the one
// that gives up, never the other transaction (issue 49's deadlock).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { applyMigrations, migrationsFolder, readMigrationJournal } from './migrate.ts';

const database = await createTestDatabase();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-migrate-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** This release's migrations plus one more, in a folder of their own. */
function withMigration(tag: string, sql: string): string {
  const folder = path.join(work, tag);
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const entries = [
    ...readMigrationJournal(folder),
    { idx: 9000, version: '7', when: Date.now(), tag, breakpoints: true },
  ];
  fs.writeFileSync(path.join(folder, `${tag}.sql`), sql);
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ entries }));
  return folder;
}

const columnExists = async (table: string, column: string) =>
  (
    await database.pool.query(
      'select 1 from information_schema.columns where table_name = $1 and column_name = $2',
      [table, column],
    )
  ).rowCount === 1;

/** True once some session (the migration) holds ACCESS EXCLUSIVE on the table. */
const holdsExclusive = async (table: string) =>
  (
    await database.pool.query(
      `select 1 from pg_locks where relation = $1::regclass and mode = 'AccessExclusiveLock' and granted`,
      [table],
    )
  ).rowCount! > 0;

describe('migrations under the running store’s locks', () => {
  it('wait at most the lock timeout, start again, and finish once the lock is gone', async () => {
    const holder = await database.pool.connect();
    const retries: string[] = [];
    try {
      await holder.query('begin');
      await holder.query('select count(*) from orders'); // a read in flight: ACCESS SHARE on orders
      const migrating = applyMigrations(
        database,
        withMigration('9000_probe', 'ALTER TABLE "orders" ADD COLUMN "probe_a" integer;'),
        { onRetry: (_, state) => retries.push(state) },
      );
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await columnExists('orders', 'probe_a')).toBe(false);
      await holder.query('commit');
      await migrating;
    } finally {
      holder.release();
    }
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(new Set(retries)).toEqual(new Set(['55P03']));
    expect(await columnExists('orders', 'probe_a')).toBe(true);
  });

  it('give up, not the purchase, when each waits for a lock the other holds', async () => {
    const purchase = await database.pool.connect();
    const retries: string[] = [];
    try {
      await purchase.query('begin');
      await purchase.query('select count(*) from product_groups'); // holds product_groups
      // The migration takes orders and works a moment; the purchase then waits for orders; the migration then
      // waits for product_groups: a cycle in which the purchase waited first, so PostgreSQL's deadlock check
      // (after 1 s) would pick the purchase. The migration's lock_timeout ends its own wait before that.
      const migrating = applyMigrations(
        database,
        withMigration(
          '9001_probe',
          'ALTER TABLE "orders" ADD COLUMN "probe_b" integer;--> statement-breakpoint\n' +
            'SELECT pg_sleep(0.3);--> statement-breakpoint\n' +
            'ALTER TABLE "product_groups" ADD COLUMN "probe_b" integer;',
        ),
        { onRetry: (_, state) => retries.push(state) },
      );
      while (!(await holdsExclusive('orders'))) await new Promise((r) => setTimeout(r, 20));
      await purchase.query('select count(*) from orders'); // answered once the migration stepped back
      await purchase.query('commit');
      await migrating;
    } finally {
      purchase.release();
    }
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(await columnExists('product_groups', 'probe_b')).toBe(true);
  });
});
