// For tests that need the real server process (crash and multi-process tests): `node src/server/main.ts`
// on a given database and port, resolved once /api/health answers.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { noteSecrets, TEST_LOG_DIR, TEST_LOG_LEVEL } from './log-capture.ts';

const mainTs = path.resolve(import.meta.dirname, '../main.ts');

/** logFile: where the server's stdout (its JSON log) goes. */
export type ServerProcess = {
  child: ChildProcess;
  exited: Promise<unknown>;
  url: string;
  logFile: string;
};

/** How to start it: by default this checkout's main.ts; the production-artifact test runs `npm run start:prod` in the install. */
export type Launch = { command: string; args: string[]; cwd?: string };

export async function spawnServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
  launch: Launch = { command: process.execPath, args: [mainTs] },
): Promise<ServerProcess> {
  const serverEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    DEMO_SEED: 'false',
    LOG_LEVEL: TEST_LOG_LEVEL,
    CREDENTIALS_KEY: 'a'.repeat(64),
    DATA_DIR: path.resolve('.tmp/spawned-server'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Up to four stores at once (the upgrade test) beside the other worker's tests share one PostgreSQL of
    // max_connections 100 in CI: 20 each (the default) ran it out ("too many clients").
    DB_POOL_SIZE: '8',
    ...env,
  };
  // Its log joins the run's logs, which are scanned for configured secrets at the end (log-capture.ts).
  noteSecrets(loadConfig(serverEnv), `spawned-${process.pid}`);
  fs.mkdirSync(TEST_LOG_DIR, { recursive: true });
  const logFile = path.join(TEST_LOG_DIR, `spawned-${process.pid}-${port}.log`);
  const log = fs.openSync(logFile, 'a');
  const child = spawn(launch.command, launch.args, {
    cwd: launch.cwd,
    env: serverEnv,
    stdio: ['ignore', log, 'inherit'],
  });
  fs.closeSync(log);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  // By the clock, not by attempts: on a loaded machine each refused fetch itself takes a while.
  for (const until = Date.now() + 60_000; Date.now() < until;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, exited, url, logFile };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}
