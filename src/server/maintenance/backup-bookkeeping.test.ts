// The backup's bookkeeping around the file (issue 49): a database without backup_runs yet (the new release's
// backup before its migrations) is backed up and exits 0; killed backups' `.partial` files go at the next start
// (a live one stays); the cron hook records a base backup with the connection read from the guide's env file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../db/migrate.ts';
import { emptyDatabase, runCli } from '../test/maintenance-helpers.ts';

const KEY = 'a'.repeat(64);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-books-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const database = await emptyDatabase();
await applyMigrations(database);
const runs = async () =>
  (
    await database.pool.query<{ kind: string }>('select kind from backup_runs order by kind')
  ).rows.map((r) => r.kind);

describe('backup bookkeeping', () => {
  it('removes the .partial files of killed backups at the next start, never a live one', async () => {
    const dir = path.join(work, 'partials');
    fs.mkdirSync(dir);
    const dead = path.join(dir, 'acctstore-2026-11-27T03-15-00-000Z.backup.partial');
    const live = path.join(dir, 'acctstore-2026-11-28T03-15-00-000Z.backup.partial');
    fs.writeFileSync(dead, 'x');
    fs.writeFileSync(live, 'x'); // written a moment ago: another backup is running
    const elevenMinutesAgo = Date.now() / 1000 - 11 * 60;
    fs.utimesSync(dead, elevenMinutesAgo, elevenMinutesAgo);
    const res = await runCli('backup', [], {
      DATABASE_URL: database.url,
      CREDENTIALS_KEY: KEY,
      BACKUP_DIR: dir,
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      `backup: removed ${path.basename(dead)}, left by a backup that was killed.`,
    );
    expect(fs.existsSync(dead)).toBe(false);
    expect(fs.existsSync(live)).toBe(true);
    expect(await runs()).toEqual(['logical']);
  }, 120_000);

  it('records a base backup from cron: the connection comes from the env file, nothing from the environment', async () => {
    const envFile = path.join(work, 'acctstore.env');
    fs.writeFileSync(
      envFile,
      `NODE_ENV='production'\nDATABASE_URL='${database.url}'\nMAIL_FROM='Your Shop <no-reply@shop.example.com>'\n`,
    );
    const res = await runCli('record-backup', ['base', '--env-file', envFile], {});
    expect(res.stderr).toBe('');
    expect(res.stdout).toBe('record-backup: base backup recorded\n');
    expect(await runs()).toEqual(['base', 'logical']);
    const none = await runCli('record-backup', ['base'], {});
    expect(none.code).toBe(1);
    expect(none.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^record-backup: no DATABASE_URL/),
    ]);
  }, 120_000);

  it('backs up a database that has no backup_runs yet: exit 0, the file complete, the gap said in one line', async () => {
    await database.pool.query('drop table backup_runs');
    const dir = path.join(work, 'older');
    const res = await runCli('backup', [], {
      DATABASE_URL: database.url,
      CREDENTIALS_KEY: KEY,
      BACKUP_DIR: dir,
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      'backup: complete, not recorded in backup_runs: this database predates it',
    );
    const [file] = fs.readdirSync(dir).filter((f) => f.endsWith('.backup'));
    const verify = await runCli('restore', ['--verify', path.join(dir, file!)], {});
    expect(verify.code).toBe(0);
  }, 120_000);
});
