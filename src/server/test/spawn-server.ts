// For tests that need the real server process (crash and multi-process tests): `node src/server/main.ts`
// on a given database and port, resolved once /api/health answers.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const mainTs = path.resolve(import.meta.dirname, '../main.ts');

export type ServerProcess = { child: ChildProcess; exited: Promise<unknown>; url: string };

export async function spawnServer(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [mainTs], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DEMO_SEED: 'false',
      LOG_LEVEL: 'error',
      CREDENTIALS_KEY: 'a'.repeat(64),
      DATA_DIR: path.resolve('.tmp/spawned-server'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 400; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, exited, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}
