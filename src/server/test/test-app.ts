// For integration tests: a fresh database cloned from the migrated template, and the real app on top.
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { checkLedger } from '../modules/wallet/check-ledger.ts';
import { withDatabase } from './global-setup.ts';
import { testLogger } from './log-capture.ts';
import { afterEachTest, whenDone } from './when-done.ts';

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

type DatabaseOptions = {
  poolSize?: number;
  /**
   * After every test, the store's invariants (wallet/check-ledger.ts) must hold in this database: every
   * integration test proves them. Only the checker's own test, which breaks them on purpose, turns this off.
   */
  checkInvariants?: boolean;
};

/** A new database for this test file, dropped when the file ends. */
export async function createTestDatabase({
  poolSize = 10,
  checkInvariants = true,
}: DatabaseOptions = {}): Promise<Database & { url: string }> {
  const serverUrl = inject('testDbServerUrl');
  const template = inject('testDbTemplate');
  const name = `${template.replace('template', 'test')}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  // A commit need not wait for its WAL to reach the disk: only a crash of PostgreSQL itself could lose one,
  // and no test crashes PostgreSQL (the crash tests kill the store's process). The suites commit tens of
  // thousands of times; this is the same setting as the embedded test server's (db/embedded-postgres.ts).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  // Which file made it: global-setup.ts names the file of any database left behind at the end of the run.
  const file = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown');
  await admin.query(`comment on database ${name} is ${admin.escapeLiteral(file)}`);
  const url = withDatabase(serverUrl, name);
  const database = connectDatabase(url, poolSize);
  // Registered first, so it runs last: after-hooks run in reverse order (the app closes, the check runs, then this).
  whenDone(async () => {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  if (checkInvariants) {
    afterEachTest(async () => {
      expect(await checkLedger(database.db), 'the store invariants after this test').toEqual([]);
    });
  }
  return { ...database, url };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.tmp/test-data',
    PUBLIC_URL: 'http://localhost:3000',
    CREDENTIALS_KEY: 'a'.repeat(64),
    // Tests write to the database directly; the cache has its own test (catalogue-cache.test.ts).
    CATALOGUE_CACHE: 'false',
    ...overrides,
  });
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    deps?: Partial<AppDeps>;
    database?: DatabaseOptions;
  } = {},
) {
  const database = await createTestDatabase(options.database);
  const config = testConfig(options.env);
  const app = await buildApp({ config, database, logger: testLogger(config), ...options.deps });
  await app.ready();
  whenDone(() => app.close());
  return { app, database, db: database.db, config };
}
