// After a restore to a moment PostgreSQL opens read-only while it replays WAL. `npm run check:ledger` (which
// migrates first) waits for recovery to end and says so in one line; past RECOVERY_WAIT_SECONDS it stops with
// one line and no stack trace, and never tries to migrate. A throwaway cluster started as a standby stands in for
// the recovering server (it stays in recovery until promoted).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded-postgres.ts';
import { runCli } from '../test/maintenance-helpers.ts';

const bin = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
const work = fs.mkdtempSync('/tmp/store-recovery-');
const data = path.join(work, 'data');
const port = await freePort();
const url = `postgres://postgres@127.0.0.1:${port}/store`;
const env = { DATABASE_URL: url, CREDENTIALS_KEY: 'a'.repeat(64) };

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
const pgCtl = (...args: string[]) =>
  asOwner(`${bin}/pg_ctl`, ['-D', data, '-l', path.join(work, 'postgres.log'), ...args]);

afterAll(() => {
  try {
    pgCtl('-m', 'immediate', 'stop');
  } catch {
    // not running
  }
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

const tables = async () => {
  const client = new pg.Client(url);
  await client.connect();
  const { rows } = await client.query<{ n: number }>(
    "select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace",
  );
  await client.end();
  return rows[0]!.n;
};

describe('check:ledger on a database still in recovery', () => {
  it('set up: a cluster with an empty database, restarted as a standby (read-only until promoted)', () => {
    if (asRoot) execFileSync('chown', ['postgres:postgres', work]);
    fs.chmodSync(work, 0o755);
    asOwner(`${bin}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    fs.appendFileSync(
      path.join(data, 'postgresql.conf'),
      `port = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${work}'\nfsync = off\n`,
    );
    pgCtl('-w', 'start');
    asOwner(`${bin}/createdb`, ['-h', work, '-p', String(port), 'store']);
    pgCtl('-w', 'stop');
    fs.writeFileSync(path.join(data, 'standby.signal'), '');
    if (asRoot) execFileSync('chown', ['postgres:postgres', path.join(data, 'standby.signal')]);
    pgCtl('-w', 'start');
  }, 60_000);

  it('past RECOVERY_WAIT_SECONDS: one line, exit 1, no stack trace, nothing migrated', async () => {
    const done = await runCli('check-ledger', [], { ...env, RECOVERY_WAIT_SECONDS: '1' });
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('database: PostgreSQL is still recovering');
    expect(done.stderr).toMatch(
      /^ledger: PostgreSQL is still in recovery \(read-only\) after 1 s: not migrating\./m,
    );
    expect(done.stderr).not.toMatch(/^\s+at /m);
    expect(done.stderr.trim().split('\n')).toHaveLength(2);
    expect(await tables()).toBe(0);
  }, 60_000);

  it('waits while recovery runs, then migrates and checks once it has ended', async () => {
    const child = spawn(process.execPath, [path.resolve(import.meta.dirname, 'check-ledger.ts')], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DEMO_SEED: 'false', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    for (let i = 0; i < 100 && !stderr.includes('waiting up to'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(stderr).toBe(
      'database: PostgreSQL is still recovering (replaying WAL, read-only); waiting up to 300 s for it to finish…\n',
    );
    pgCtl('-w', 'promote'); // recovery ends
    expect(await exited).toBe(0);
    expect(stdout).toContain('ledger: every invariant holds');
    expect(await tables()).toBeGreaterThan(10);
  }, 120_000);
});
