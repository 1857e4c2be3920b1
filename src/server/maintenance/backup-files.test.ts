// The backup file on disk: it appears under its name only once complete; `restore --verify` reads it through with
// no database and a damaged one gets one line (no stack trace) from both verify and restore; backups go to
// BACKUP_DIR (outside the release), old ones are pruned, `last-success` records the time; restore ends with ANALYZE.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { emptyDatabase, runCli, shopWithSoldOrder } from '../test/maintenance-helpers.ts';
import { createTestApp } from '../test/test-app.ts';
import { pruneBackups } from './prune-backups.ts';
import { restoreBackup } from './restore-backup.ts';
import { writeBackup } from './write-backup.ts';

const KEY = 'a'.repeat(64); // testConfig's CREDENTIALS_KEY
const { app, database } = await createTestApp();
await shopWithSoldOrder(app, database.db);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-files-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const complete = path.join(work, 'complete.backup');
await writeBackup(database.pool, complete);

/** The pool, with a hook that runs when the backup fetches its first rows (the file is then half written). */
function poolWithHook(onFetch: () => void): pg.Pool {
  return {
    connect: async () => {
      const client = await database.pool.connect();
      const query = client.query.bind(client) as (sql: string) => Promise<unknown>;
      return Object.assign(client, {
        query: (sql: string, ...rest: unknown[]) => {
          if (typeof sql === 'string' && sql.startsWith('fetch')) onFetch();
          return (query as (...a: unknown[]) => Promise<unknown>)(sql, ...rest);
        },
      });
    },
  } as unknown as pg.Pool;
}

const cut = (bytes: number) => {
  const file = path.join(work, `cut-${bytes}.backup`);
  fs.writeFileSync(file, fs.readFileSync(complete).subarray(0, bytes));
  return file;
};
const oneLine = (stderr: string) => stderr.trim().split('\n');

describe('backup files', () => {
  it('a backup in progress is FILE.partial; the name appears only once the file is complete', async () => {
    const file = path.join(work, 'in-progress.backup');
    const seen: boolean[][] = [];
    await writeBackup(
      poolWithHook(() => seen.push([fs.existsSync(file), fs.existsSync(`${file}.partial`)])),
      file,
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) expect(s).toEqual([false, true]);
    expect([fs.existsSync(file), fs.existsSync(`${file}.partial`)]).toEqual([true, false]);
  });

  it('a backup that fails half-way leaves neither the name nor the partial file', async () => {
    const file = path.join(work, 'failed.backup');
    let fetches = 0;
    const failing = poolWithHook(() => {
      if (++fetches === 3) throw new Error('connection lost');
    });
    await expect(writeBackup(failing, file)).rejects.toThrow('connection lost');
    expect(fs.readdirSync(work).filter((f) => f.startsWith('failed'))).toEqual([]);
  });

  it('`restore --verify` checks a complete file without any database', async () => {
    const verified = await runCli('restore', ['--verify', complete], {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(verified.stderr).toBe('');
    expect(verified.stdout).toMatch(/is complete: \d+ rows in \d+ tables/);
    expect(verified.code).toBe(0);
  }, 120_000); // node processes: slow on a loaded machine

  it('a cut or damaged file gets one line from `restore --verify` and from `restore`, before any database', async () => {
    const size = fs.statSync(complete).size;
    const damaged = path.join(work, 'damaged.backup');
    const bytes = Buffer.from(fs.readFileSync(complete));
    const middle = Math.floor(size / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    fs.writeFileSync(damaged, bytes);
    const files = [cut(Math.floor(size / 2)), cut(size - 10), damaged];
    const runs = await Promise.all(
      files.flatMap((file) =>
        [['--verify', file], [file]].map((args) =>
          runCli('restore', args, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
        ),
      ),
    );
    for (const res of runs) {
      expect(res.code).toBe(1);
      expect(oneLine(res.stderr)).toEqual([
        expect.stringMatching(/^restore: .* is not a complete backup: .+\.$/),
      ]);
    }
  }, 120_000); // node processes: slow on a loaded machine

  it('`npm run backup` writes into BACKUP_DIR, prunes backups older than BACKUP_KEEP_DAYS and records last-success', async () => {
    const dir = path.join(work, 'backups');
    fs.mkdirSync(dir);
    const old = Date.now() / 1000 - 20 * 86_400;
    for (const name of ['acctstore-old-1.backup', 'acctstore-old-2.backup.partial', 'notes.txt']) {
      fs.writeFileSync(path.join(dir, name), 'x');
      fs.utimesSync(path.join(dir, name), old, old);
    }
    const before = Math.floor(Date.now() / 1000);
    const res = await runCli('backup', [], {
      DATABASE_URL: database.url,
      CREDENTIALS_KEY: KEY,
      BACKUP_DIR: dir,
      BACKUP_KEEP_DAYS: '14',
      BACKUP_KEEP_MIN: '1',
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual([
      expect.stringMatching(/^acctstore-\d{4}-.+\.backup$/),
      'last-success',
      'notes.txt',
    ]);
    const at = Number(fs.readFileSync(path.join(dir, 'last-success'), 'utf8'));
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  }, 120_000); // node processes: slow on a loaded machine

  it('keeps the newest BACKUP_KEEP_MIN backups whatever their age', () => {
    const dir = path.join(work, 'old-only');
    fs.mkdirSync(dir);
    for (const [i, days] of [40, 30, 20].entries()) {
      const f = path.join(dir, `acctstore-${i}.backup`);
      fs.writeFileSync(f, 'x');
      fs.utimesSync(f, Date.now() / 1000 - days * 86_400, Date.now() / 1000 - days * 86_400);
    }
    expect(pruneBackups(dir, { keepDays: 14, keepMin: 2 }).map((f) => path.basename(f))).toEqual([
      'acctstore-0.backup',
    ]);
    expect(fs.readdirSync(dir).sort()).toEqual(['acctstore-1.backup', 'acctstore-2.backup']);
  });

  it('defaults BACKUP_DIR outside the release folder in production, ./backups elsewhere', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      ERCASPAY_SECRET_KEY: 'ECRS-LIVE-SK-x',
    });
    expect(production.backupDir).toBe('/var/backups/acctstore');
    expect(loadConfig({}).backupDir).toBe(path.resolve('backups'));
  });

  it('restore ends with ANALYZE: every restored table has planner statistics at once', async () => {
    const target = await emptyDatabase();
    await restoreBackup(target, complete);
    const { rows } = await target.pool.query<{ name: string; tuples: number }>(
      `select relname as name, reltuples::int as tuples from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' and relname in ('orders', 'users', 'individual_accounts')`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.tuples]))).toEqual({
      orders: 1,
      users: 1,
      individual_accounts: 3,
    });
  });
});
