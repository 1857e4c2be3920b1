// For command-line tools: DATABASE_URL, else the embedded database: the running store's, or its own start.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { lockDataDir } from '../db/data-lock.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

export async function databaseUrlFor(
  config: Config,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const pidFile = path.join(config.dataDir, 'pgdata', 'postmaster.pid');
  const passwordFile = path.join(config.dataDir, 'pg-password');
  try {
    const release = lockDataDir(config.dataDir);
    const pg = await startEmbeddedPostgres({ dir: config.dataDir });
    return { url: pg.url, stop: async () => (await pg.stop(), release()) };
  } catch (err) {
    // The store is running: reach its database through the port it wrote into postmaster.pid.
    if (!fs.existsSync(pidFile)) throw err;
    const port = fs.readFileSync(pidFile, 'utf8').split('\n')[3]?.trim();
    const password = encodeURIComponent(fs.readFileSync(passwordFile, 'utf8').trim());
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      stop: async () => {},
    };
  }
}
