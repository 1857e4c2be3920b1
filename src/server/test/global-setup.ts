// Once per test run: a PostgreSQL (TEST_DATABASE_URL, else an embedded one in a temporary folder) and a
// migrated template database that every test file clones into a fresh database of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { applyMigrations } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDbServerUrl: string;
    testDbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let tmpDir: string | undefined;
  if (!serverUrl) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-pg-'));
    fs.chmodSync(tmpDir, 0o755);
    const embedded = await startEmbeddedPostgres({ dir: tmpDir, fsync: false });
    serverUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const template = `store_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await dropStaleTestDatabases(admin);
  await admin.query(`create database ${template}`);
  const database = connectDatabase(withDatabase(serverUrl, template), 2);
  await applyMigrations(database);
  await database.close();
  project.provide('testDbServerUrl', serverUrl);
  project.provide('testDbTemplate', template);

  return async () => {
    const left = await dropDatabasesLeftBehind(admin, template);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    await stopEmbedded?.();
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
    // A database left behind is a test whose clean-up never ran: its store kept its pool and LISTEN connection open
    // for the rest of the run, and enough of them ran CI PostgreSQL out of connections (test/when-done.ts).
    if (left.length)
      throw new Error(`Test databases left behind (their clean-up never ran): ${left.join('; ')}`);
  };
}

/** This run's test databases still there at its end, named with the test file that made each; dropped. */
async function dropDatabasesLeftBehind(admin: pg.Client, template: string): Promise<string[]> {
  const { rows } = await admin.query<{ datname: string; file: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as file from pg_database where datname like $1`,
    [`${template.replace('template', 'test')}\\_%`],
  );
  for (const { datname } of rows)
    await admin.query(`drop database if exists ${datname} with (force)`);
  return rows.map(({ datname, file }) => `${datname} (${file ?? 'unknown file'})`);
}

/** Databases left by an earlier run that was killed (their owner pid is gone). */
async function dropStaleTestDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname ~ '^store_(template|test)_[0-9]+'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2]);
    if (pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  }
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
