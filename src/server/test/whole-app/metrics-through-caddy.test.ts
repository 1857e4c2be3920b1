// A Prometheus elsewhere scrapes /api/metrics through deploy/Caddyfile (docs/deploy.md, "What to watch"). With
// PostgreSQL stopped, both stores fail /api/health and leave Caddy's rotation; the scrape must still answer within
// 2 s with acctstore_database_up 0 (so DatabaseDown fires, not StoreDown: deploy/prometheus/alerts.test.yml).
// Two real stores on their own embedded PostgreSQL, the real Caddyfile on the machine's Caddy (issue 49: it
// answered 503 after 10 s).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase, type Database } from '../../db/client.ts';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../db/embedded-postgres.ts';
import { applyMigrations } from '../../db/migrate.ts';
import { testConfig } from '../test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const TOKEN = 'metrics-token-0123456789abcdef';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-metrics-caddy-'));
fs.chmodSync(work, 0o755); // the embedded PostgreSQL runs as the postgres user when we are root
let postgres: EmbeddedPostgres | undefined;
const databases: Database[] = [];
const apps: FastifyInstance[] = [];
let caddy: ChildProcess | undefined;
afterAll(async () => {
  caddy?.kill('SIGKILL');
  for (const app of apps) await app.close();
  for (const d of databases) await d.close().catch(() => {});
  await postgres?.stop().catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
}, 60_000);

const sample = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.slice(series.length + 1),
  );

async function scrape(url: string) {
  const started = Date.now();
  const res = await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return { status: res.status, text: await res.text(), ms: Date.now() - started };
}

describe('/api/metrics through deploy/Caddyfile', () => {
  it('answers within 2 s with acctstore_database_up 0 while PostgreSQL is stopped', async () => {
    postgres = await startEmbeddedPostgres({ dir: path.join(work, 'data'), fsync: false });
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const database = connectDatabase(postgres.url, 3);
      databases.push(database);
      if (i === 0) await applyMigrations(database);
      const app = await buildApp({
        config: testConfig({ METRICS_TOKEN: TOKEN }),
        database,
        logger: false,
      });
      apps.push(app);
      const port = await freePort();
      await app.listen({ port, host: '127.0.0.1' });
      ports.push(port);
    }
    const port = await freePort();
    const file = path.join(work, 'Caddyfile');
    fs.writeFileSync(
      file,
      '{\n\tadmin off\n}\n' +
        fs
          .readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8')
          .replaceAll('{$DOMAIN}', `http://127.0.0.1:${port}`)
          .replaceAll('store1:3000 store2:3000', ports.map((p) => `127.0.0.1:${p}`).join(' ')),
    );
    caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', file], {
      stdio: 'ignore',
      env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
    });
    const url = `http://127.0.0.1:${port}`;
    for (
      let i = 0;
      !(await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (i > 100) throw new Error('caddy did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const up = await scrape(url);
    expect(up.status).toBe(200);
    expect(sample(up.text, 'acctstore_database_up')).toBe(1);

    await postgres.stop();
    // Both stores now answer /api/health 503; Caddy's checks (every second) take them out of the rotation.
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await fetch(`${url}/api/health`)).status).toBe(503);
    for (let i = 0; i < 4; i++) {
      const down = await scrape(url);
      expect(down.status).toBe(200);
      expect(down.ms).toBeLessThan(2_000);
      expect(sample(down.text, 'acctstore_database_up')).toBe(0);
    }
  }, 120_000);
});
