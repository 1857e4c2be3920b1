// WAL archiving, watched (issue 49): a throwaway PostgreSQL 15 cluster archiving through compose.yaml's
// archive_command (deploy/postgres/archive-push.sh) into a pgBackRest repository whose stanza nobody created:
// the first segment creates it and is archived, and the metrics say when. Then archiving breaks: the metrics show
// the failure newer than the last success (WalArchivingFailing) and the finished segments waiting in pg_wal
// (WalArchiveLagging).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { freePort } from '../../db/embedded-postgres.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { testConfig } from '../../test/test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const bin = '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;
const work = fs.mkdtempSync('/tmp/store-wal-');
const data = path.join(work, 'data');
const conf = path.join(work, 'pgbackrest.conf');
const port = await freePort();
const url = `postgres://postgres@127.0.0.1:${port}/store`;

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
const database = connectDatabase(url, 3);

afterAll(async () => {
  await database.close();
  try {
    pgCtl('-m', 'immediate', 'stop');
  } catch {
    // not running
  }
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

const sample = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.slice(series.length + 1),
  );

async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; !(await check()); i++) {
    if (i > 300) throw new Error(`not within 30 s: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('WAL archiving metrics', () => {
  it('creates the forgotten stanza at the first segment, archives it, then reports a failing archiver and the segments it leaves waiting', async () => {
    if (asRoot) execFileSync('chown', ['postgres:postgres', work]);
    fs.chmodSync(work, 0o755);
    fs.copyFileSync(
      path.join(root, 'deploy/postgres/archive-push.sh'),
      path.join(work, 'archive-push'),
    );
    fs.chmodSync(path.join(work, 'archive-push'), 0o755);
    fs.writeFileSync(
      conf,
      `[global]\nrepo1-path=${work}/repo\nlog-path=${work}\nlock-path=${work}\nlog-level-file=off\n` +
        `[store]\npg1-path=${data}\npg1-port=${port}\npg1-socket-path=${work}\n`,
    );
    asOwner(`${bin}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    fs.appendFileSync(
      path.join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${work}'`,
        'archive_mode = on',
        `archive_command = '${work}/archive-push store %p --config=${conf}'`,
        'wal_level = replica',
        'fsync = off',
      ].join('\n') + '\n',
    );
    pgCtl('-w', 'start');
    asOwner(`${bin}/createdb`, ['-h', work, '-p', String(port), 'store']);
    await applyMigrations(database);
    const app = await buildApp({ config: testConfig(), database, logger: false });
    try {
      const archiver = async () =>
        (
          await database.pool.query<{ archived: number; failed: number }>(
            'select archived_count as archived, failed_count as failed from pg_stat_archiver',
          )
        ).rows[0]!;
      const before = Date.now() / 1000;
      await database.pool.query('select pg_switch_wal()');
      await until('a segment archived', async () => (await archiver()).archived >= 1);
      // The stanza exists now (no full backup yet: §6's cron takes the first).
      expect(asOwner('pgbackrest', [`--config=${conf}`, '--stanza=store', 'info'])).toMatch(
        /stanza: store\n\s+status: error \(no valid backups\)/,
      );
      let text = await app.renderMetrics();
      expect(sample(text, 'acctstore_wal_last_archived_timestamp_seconds')).toBeGreaterThan(
        before - 1,
      );
      expect(sample(text, 'acctstore_wal_last_archive_failure_timestamp_seconds')).toBe(0);
      expect(sample(text, 'acctstore_wal_segments_waiting')).toBe(0);

      // The repository becomes unwritable: every attempt fails, and finished segments stay in pg_wal.
      fs.rmSync(path.join(work, 'repo'), { recursive: true, force: true });
      fs.writeFileSync(path.join(work, 'repo'), 'not a folder');
      for (let i = 0; i < 3; i++) {
        await database.pool.query('create table if not exists t (n int); insert into t values (1)');
        await database.pool.query('select pg_switch_wal()');
      }
      await until('a failed attempt', async () => (await archiver()).failed >= 1);
      text = await app.renderMetrics();
      expect(sample(text, 'acctstore_wal_last_archive_failure_timestamp_seconds')).toBeGreaterThan(
        sample(text, 'acctstore_wal_last_archived_timestamp_seconds'),
      );
      expect(sample(text, 'acctstore_wal_segments_waiting')).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
    }
  }, 120_000);
});
