// Recovery to the minute (docs/deploy.md §6–§7, docs/decisions/021): a throwaway PostgreSQL 15 cluster archiving
// its WAL through pgBackRest, a full backup, purchases through the store, a recorded moment, more purchases, a
// crash (immediate stop) and the data folder lost, then pgBackRest's point-in-time restore into an empty folder:
// exactly the orders up to the moment are there and every money and stock invariant holds.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { freePort } from '../db/embedded-postgres.ts';
import { applyMigrations } from '../db/migrate.ts';
import { checkLedger } from '../modules/wallet/check-ledger.ts';
import { quickCustomer } from '../test/auth-helpers.ts';
import { testLogger } from '../test/log-capture.ts';
import { insertGroupWithStock } from '../test/stock-helpers.ts';
import { testConfig } from '../test/test-app.ts';

const bin = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
// Under /tmp, entered by the postgres user (the cluster's owner, who runs initdb, pg_ctl and pgbackrest).
const work = fs.mkdtempSync('/tmp/store-pitr-');
const data = path.join(work, 'data');
const conf = path.join(work, 'pgbackrest.conf');
const port = await freePort();
const url = `postgres://postgres@127.0.0.1:${port}/store`;

/** Runs a command as the cluster's owner (the postgres user when the tests run as root). */
function asOwner(command: string, args: string[]): string {
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  return execFileSync(cmd, argv, {
    cwd: work,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
const pgbackrest = (...args: string[]) =>
  asOwner('pgbackrest', [`--config=${conf}`, '--stanza=store', ...args]);
const pgCtl = (...args: string[]) =>
  asOwner(`${bin}/pg_ctl`, ['-D', data, '-l', path.join(work, 'postgres.log'), ...args]);

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  try {
    pgCtl('-m', 'immediate', 'stop');
  } catch {
    // not running
  }
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('point-in-time recovery with pgBackRest', () => {
  it('restores to a moment between two purchases: the orders up to it, none after, every invariant', async () => {
    if (asRoot) execFileSync('chown', ['postgres:postgres', work]);
    fs.chmodSync(work, 0o755);
    fs.writeFileSync(
      conf,
      [
        '[global]',
        `repo1-path=${work}/repo`,
        'repo1-retention-full=1',
        'start-fast=y',
        `log-path=${work}`,
        `lock-path=${work}`,
        'log-level-console=warn',
        'log-level-file=off',
        '[store]',
        `pg1-path=${data}`,
        `pg1-port=${port}`,
        `pg1-socket-path=${work}`,
      ].join('\n') + '\n',
    );
    asOwner(`${bin}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    // The settings of docs/deploy.md §6, on this cluster's own port and socket (fsync off: a test's speed).
    fs.appendFileSync(
      path.join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${work}'`,
        'archive_mode = on',
        `archive_command = 'pgbackrest --config=${conf} --stanza=store archive-push %p'`,
        'archive_timeout = 60',
        'wal_level = replica',
        'fsync = off',
      ].join('\n') + '\n',
    );
    pgCtl('-w', 'start');
    asOwner(`${bin}/createdb`, ['-h', work, '-p', String(port), 'store']);
    pgbackrest('stanza-create');
    pgbackrest('check');

    // The store's schema, then the full backup (a weekly one in production), then the shop trades.
    database = connectDatabase(url, 4);
    await applyMigrations(database);
    pgbackrest('--type=full', 'backup');
    // pgBackRest names a backup's stop time in whole seconds: a moment within the second it stopped can read as
    // before it ("no backup set with stop time less than"), so the purchases start in the next second.
    await new Promise((r) => setTimeout(r, 1_100));
    // What docs/deploy.md §6 reads for the backup alert: the newest backup's end, in Unix seconds.
    const info = JSON.parse(pgbackrest('--output=json', 'info')) as {
      backup: { timestamp: { stop: number } }[];
    }[];
    expect(Math.abs(info[0]!.backup.at(-1)!.timestamp.stop - Date.now() / 1000)).toBeLessThan(60);
    const config = testConfig();
    const app = await buildApp({ config, database, logger: testLogger(config) });
    const group = await insertGroupWithStock(database.db, { accounts: 10, priceKobo: 100_000 });
    const buyer = await quickCustomer(database.db, 1_000_000);
    const buy = async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: {
          cookie: buyer.cookie,
          origin: 'http://localhost:3000',
          'idempotency-key': crypto.randomUUID(),
        },
        payload: { productGroupId: group.id, quantity: 1 },
      });
      expect(res.statusCode).toBe(201);
      return (res.json() as { order: { id: string } }).order.id;
    };
    const before = [await buy(), await buy(), await buy()];
    const moment = (await database.pool.query<{ t: string }>('select clock_timestamp()::text as t'))
      .rows[0]!.t;
    await new Promise((r) => setTimeout(r, 1_100));
    const after = [await buy(), await buy()];
    await app.close();
    await database.close();
    database = undefined;

    // The last purchases' WAL reaches the archive (archive_timeout does it within a minute; `check` at once),
    // then the crash, and the data folder is lost with its disk.
    pgbackrest('check');
    pgCtl('-m', 'immediate', 'stop');
    fs.rmSync(data, { recursive: true, force: true });
    fs.mkdirSync(data, { mode: 0o700 });
    if (asRoot) execFileSync('chown', ['postgres:postgres', data]);

    // docs/deploy.md §7: restore to the moment, start, PostgreSQL replays the archive up to it and opens.
    pgbackrest(
      '--delta',
      '--type=time',
      `--target=${moment}`,
      '--target-action=promote',
      'restore',
    );
    pgCtl('-w', 'start');
    // §7's last step at once, while PostgreSQL may still be replaying: `npm run check:ledger` waits for the
    // recovery to end (one line), never migrates a read-only database, and passes on the restored data.
    const checked = execFileSync(
      process.execPath,
      ['--import', './src/server/check-node-version.js', 'src/server/cli/check-ledger.ts'],
      {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'development' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    console.info(`PITR: check:ledger said: ${checked.trim().split('\n').at(-1)}`);
    database = connectDatabase(url, 2);
    const { rows: recovering } = await database.pool.query<{ r: boolean }>(
      'select pg_is_in_recovery() as r',
    );
    expect(recovering[0]!.r).toBe(false);
    const { rows } = await database.pool.query<{ id: string }>('select id from orders order by id');
    console.info(
      `PITR: restored to ${moment}: ${before.length} orders before the moment, ${after.length} after it; ${rows.length} present`,
    );
    expect(rows.map((r) => r.id).sort()).toEqual([...before].sort());
    expect(await checkLedger(database.db)).toEqual([]);
  }, 240_000);
});
