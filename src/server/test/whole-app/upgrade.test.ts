// The upgrade of docs/deploy.md §9, forward and back, under load. The previous release (db/releases.ts, built from
// git: upgrade/previous-release.ts) migrates a fresh database and serves it with two processes while a few
// customers buy steadily (upgrade/steady-load.ts). Then, without stopping the sales: this release's
// `db:migrate`; its processes replace the old ones one by one; the previous release's replace those one by one (a
// roll-back, on the new schema). Failed purchases are counted per phase: none is allowed, no answered purchase is
// lost, and every money and stock invariant holds at the end. Last, the mutation check: a migration adding a
// NOT NULL column without a default (drizzle/0030's way) under the old release does fail purchases, and the
// migration rule refuses it (db/migration-rule.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase } from '../../db/client.ts';
import { freePort } from '../../db/embedded-postgres.ts';
import { applyMigrations, migrationsFolder, readMigrationJournal } from '../../db/migrate.ts';
import { migrationProblems } from '../../db/migration-rule.ts';
import { PREVIOUS_RELEASE } from '../../db/releases.ts';
import { checkLedger } from '../../modules/wallet/check-ledger.ts';
import { withDatabase } from '../global-setup.ts';
import { spawnServer, type ServerProcess } from '../spawn-server.ts';
import { commandEnv, previousReleaseDir, runNode, seedWith } from '../upgrade/previous-release.ts';
import { steadyLoad } from '../upgrade/steady-load.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
// UPGRADE_FROM=<commit> starts from another commit instead (by hand: e.g. the one before drizzle/0030).
const from = process.env.UPGRADE_FROM
  ? { commit: process.env.UPGRADE_FROM, version: process.env.UPGRADE_FROM }
  : PREVIOUS_RELEASE;
const previous = previousReleaseDir(from.commit, from.version);
const admin = new pg.Client({ connectionString: inject('testDbServerUrl') });
await admin.connect();
const name = `store_test_${process.pid}_upgrade`;
await admin.query(`drop database if exists ${name} with (force)`);
await admin.query(`create database ${name}`);
const url = withDatabase(inject('testDbServerUrl'), name);
const database = connectDatabase(url, 4);
const servers = new Set<ServerProcess>();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-upgrade-'));
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await Promise.all([...servers].map((s) => s.exited));
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

const start = async (release: 'previous' | 'this') => {
  const server = await spawnServer(
    url,
    await freePort(),
    {},
    release === 'previous'
      ? { command: process.execPath, args: ['src/server/main.ts'], cwd: previous }
      : undefined,
  );
  servers.add(server);
  return server;
};
/**
 * Both replacements start first (each one's start runs its release's migrations, as main.ts does: nothing to do, or
 * its function files), then each takes an old one's place in turn, a second apart: for that second both releases
 * serve, as during §9's one-by-one restarts (starting them one after the other only made the test longer).
 */
async function replaceOneByOne(load: ReturnType<typeof steadyLoad>, release: 'previous' | 'this') {
  const replacements = await Promise.all([start(release), start(release)]);
  for (const [i, old] of [...load.rotation].entries()) {
    await load.replace(old, replacements[i]!);
    await load.sell(1_000);
  }
}

/** This release's migrations plus one adding a NOT NULL column without a default, as drizzle/0030 did. */
function withNotNullMigration(): string {
  const folder = path.join(work, 'drizzle');
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journal = readMigrationJournal(folder);
  const tag = '9999_not-null-without-default';
  fs.writeFileSync(
    path.join(folder, `${tag}.sql`),
    'ALTER TABLE "orders" ADD COLUMN "upgrade_probe" integer;--> statement-breakpoint\n' +
      'UPDATE "orders" SET "upgrade_probe" = 0;--> statement-breakpoint\n' +
      'ALTER TABLE "orders" ALTER COLUMN "upgrade_probe" SET NOT NULL;\n',
  );
  const entries = [
    ...journal,
    { idx: 9999, version: '7', when: Date.now(), tag, breakpoints: true },
  ];
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ entries }));
  return folder;
}

describe(`upgrade from ${from.version} and back, under load`, () => {
  it('fails no purchase while migrating, replacing the processes, and rolling back; a NOT NULL column would', async () => {
    const began = Date.now();
    await runNode(previous, 'src/server/cli/migrate.ts', commandEnv(url));
    const shop = await seedWith(previous, url, {
      customers: 4,
      accounts: 3_000,
      fundKobo: 10_000_000,
      priceKobo: 1_000,
    });
    const load = steadyLoad(shop, 20);
    load.rotation.push(...(await Promise.all([start('previous'), start('previous')])));
    load.enter('1 previous release ×2');
    load.start();
    await load.sell(2_000);

    load.enter('2 this release’s db:migrate');
    await runNode(root, 'src/server/cli/migrate.ts', commandEnv(url));
    await load.sell(1_000);

    load.enter('3 processes replaced by this release');
    await replaceOneByOne(load, 'this');
    await load.sell(1_500);

    load.enter('4 rolled back to the previous release');
    await replaceOneByOne(load, 'previous');
    await load.sell(1_500);

    load.enter('5 mutation: NOT NULL column without default');
    const mutated = withNotNullMigration();
    // A purchase of phase 4 still in flight would otherwise meet the mutation and count as phase 4's failure.
    await load.earlierAnswered();
    await applyMigrations(database, mutated);
    await load.sell(1_500);
    await load.stop();

    const phases = [...load.counts.entries()].sort(([a], [b]) => a.localeCompare(b));
    console.info(
      `upgrade ${from.version} → this release → ${from.version} in ${((Date.now() - began) / 1000).toFixed(1)} s:\n` +
        phases
          .map(
            ([p, c]) =>
              `  ${p} (from ${((c.began - began) / 1000).toFixed(1)} s): ${c.purchases} purchases, ${c.failed} failed ${JSON.stringify(c.statuses)}`,
          )
          .join('\n'),
    );
    const [mutation, ...upgrade] = [phases.at(-1)!, ...phases.slice(0, -1)];
    expect(upgrade.map(([p]) => p)).toHaveLength(4);
    for (const [p, c] of upgrade) {
      expect(c.purchases, p).toBeGreaterThanOrEqual(20);
      expect(c.failed, p).toBe(0);
    }
    expect(mutation[1].failed, 'the mutation check fails purchases').toBeGreaterThan(0);
    expect(
      migrationProblems(
        fs.readFileSync(path.join(mutated, '9999_not-null-without-default.sql'), 'utf8'),
      ),
    ).not.toEqual([]);

    const answered = upgrade.reduce((n, [, c]) => n + (c.statuses['201'] ?? 0), 0);
    const { rows } = await database.pool.query<{ n: number }>(
      'select count(*)::int as n from orders',
    );
    expect(rows[0]!.n).toBe(answered + (mutation[1].statuses['201'] ?? 0));
    expect(await checkLedger(database.db)).toEqual([]);
  }, 240_000);
});
