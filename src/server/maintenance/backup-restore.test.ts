// Backup, wipe, restore: a sold order's credentials still read (same key, same session) and every invariant holds;
// a non-empty database and a cut-short file are refused and leave nothing behind; the embedded PostgreSQL works too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { checkLedger } from '../modules/wallet/check-ledger.ts';
import { testLogger } from '../test/log-capture.ts';
import {
  emptyDatabase,
  readCredentials,
  runCli,
  shopWithSoldOrder,
} from '../test/maintenance-helpers.ts';
import { createTestApp, testConfig } from '../test/test-app.ts';
import type { BackupManifest } from './backup-format.ts';
import { RestoreRefused, restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';
import { whenDone } from '../test/when-done.ts';

const KEY = 'a'.repeat(64); // testConfig's CREDENTIALS_KEY
const { app, database } = await createTestApp();
const shop = await shopWithSoldOrder(app, database.db);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-'));
fs.chmodSync(work, 0o755); // the embedded PostgreSQL runs as the postgres user when we are root
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const unzip = (file: string) => gunzipSync(fs.readFileSync(file)).toString('utf8');
const countObjects = async (url: {
  pool: { query: (sql: string) => Promise<{ rows: { n: number }[] }> };
}) =>
  (
    await url.pool.query(
      `select count(*)::int as n from pg_class where relnamespace in ('public'::regnamespace, coalesce(to_regnamespace('drizzle'), 0))`,
    )
  ).rows[0]!.n;

describe('backup and restore', () => {
  const file = path.join(work, 'shop.backup');
  let manifest: BackupManifest;

  it('writes one file: a manifest with version, migrations, time and counts, and no key or credential in clear', async () => {
    manifest = await writeBackup(database.pool, file);
    expect(manifest).toMatchObject({
      format: 'acctstore-backup',
      appVersion: expect.any(String),
      migrations: expect.arrayContaining(['0000_init']),
    });
    expect(manifest.counts).toMatchObject({ orders: 1, individual_accounts: 3, users: 1 });
    expect(manifest.credentialsKey).toBeUndefined();
    const text = unzip(file);
    expect(text).not.toContain(KEY);
    for (const account of shop.credentials) expect(text).not.toContain(account.password);
    // Parents before children: a restore in file order never breaks a foreign key.
    const order = Object.keys(manifest.counts);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('orders'));
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('individual_accounts'));
  });

  it('refuses to overwrite an existing file', async () => {
    await expect(writeBackup(database.pool, file)).rejects.toThrow(/EEXIST/);
  });

  it("restores into an empty database: the sold order's credentials read the same, the session still works, every invariant holds", async () => {
    const wiped = await emptyDatabase();
    await restoreBackup(wiped, file);
    expect(await checkLedger(wiped.db)).toEqual([]);
    const restoredApp = await buildApp({
      config: testConfig(),
      database: wiped,
      logger: testLogger(testConfig()),
    });
    whenDone(() => restoredApp.close());
    expect(await readCredentials(restoredApp, shop.buyer.cookie, shop.orderId)).toEqual(
      shop.credentials,
    );
    const again = await writeBackup(wiped.pool, path.join(work, 'again.backup'));
    expect(again.counts).toEqual(manifest.counts);
  }, 120_000); // a restore rebuilds every key and index: slow on a loaded machine

  it('refuses a database that is not empty and changes nothing in it', async () => {
    const before = await checkLedger(database.db);
    await expect(restoreBackup(database, file)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(database, file)).rejects.toThrow(/not empty/);
    expect(await readCredentials(app, shop.buyer.cookie, shop.orderId)).toEqual(shop.credentials);
    expect(await checkLedger(database.db)).toEqual(before);
  });

  it('refuses a cut-short file and leaves the database empty, as it found it', async () => {
    const lines = unzip(file).trimEnd().split('\n');
    const cut = path.join(work, 'cut.backup');
    fs.writeFileSync(cut, gzipSync(lines.slice(0, -2).join('\n') + '\n'));
    const target = await emptyDatabase();
    await expect(restoreBackup(target, cut)).rejects.toThrow(/cut short/);
    expect(await countObjects(target)).toBe(0);
    // and the whole file still restores there afterwards
    await restoreBackup(target, file);
    expect(await checkLedger(target.db)).toEqual([]);
  }, 120_000);

  it('refuses a backup holding a column this schema lacks, rather than lose its values', async () => {
    const lines = unzip(file)
      .split('\n')
      .map((line) =>
        line.startsWith('{"table":"users"')
          ? line.replace('"columns":["', '"columns":["nickname","')
          : line,
      );
    const edited = path.join(work, 'extra-column.backup');
    fs.writeFileSync(edited, gzipSync(lines.join('\n')));
    const target = await emptyDatabase();
    await expect(restoreBackup(target, edited)).rejects.toThrow(
      /users has no column nickname here/,
    );
    expect(await countObjects(target)).toBe(0);
  });

  it('refuses a file that is not a backup', async () => {
    const notBackup = path.join(work, 'not.backup');
    fs.writeFileSync(notBackup, gzipSync('{"hello":1}\n'));
    await expect(restoreBackup(await emptyDatabase(), notBackup)).rejects.toThrow(
      /not a store backup/,
    );
    fs.writeFileSync(notBackup, 'plain text, not gzip');
    await expect(restoreBackup(await emptyDatabase(), notBackup)).rejects.toThrow(
      /not a store backup/,
    );
  });

  it('works with the embedded PostgreSQL too: `npm run restore` into a new data folder, then `npm run backup -- --include-key` of it', async () => {
    const withKey = path.join(work, 'with-key.backup');
    await writeBackup(database.pool, withKey, { includeKey: KEY });
    expect(unzip(withKey)).toContain(KEY);

    const dataDir = path.join(work, 'embedded-data');
    const restored = await runCli('restore', [withKey], { DATA_DIR: dataDir });
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toContain('every invariant holds');
    expect(restored.stdout).toContain('the credentials key opens the restored credentials');
    expect(restored.code).toBe(0);
    expect(fs.readFileSync(path.join(dataDir, 'credentials.key'), 'utf8')).toBe(KEY); // carried by --include-key

    const again = await runCli('restore', [withKey], { DATA_DIR: dataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('not empty');

    const backedUp = await runCli('backup', [path.join(work, 'from-embedded/'), '--include-key'], {
      DATA_DIR: dataDir,
    });
    expect(backedUp.code).toBe(0);
    const [written] = fs.readdirSync(path.join(work, 'from-embedded'));
    const fromEmbedded = JSON.parse(
      unzip(path.join(work, 'from-embedded', written!)).split('\n')[0]!,
    ) as BackupManifest;
    expect(fromEmbedded.counts).toEqual(manifest.counts);
    expect(fromEmbedded.credentialsKey).toBe(KEY); // asked for with --include-key: the data folder's key
    expect(Number.parseInt(fromEmbedded.serverVersion, 10)).toBeGreaterThanOrEqual(15);
  }, 180_000);
});
