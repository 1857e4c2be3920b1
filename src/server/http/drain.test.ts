// SIGTERM under load, against a real server process: clients see answers or, once the listener has closed, a
// refused connection; never a reset. Health says "draining" first; a request in flight finishes; exit code 0.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded-postgres.ts';
import { spawnServer, type ServerProcess } from '../test/spawn-server.ts';
import { createTestApp, createTestDatabase } from '../test/test-app.ts';
import { drainAndClose } from './drain.ts';

const database = await createTestDatabase();
// Longer than the health check's interval (100 ms) with room for a loaded machine, like a real load balancer's.
const DRAIN_MS = 3000;

type Outcome = {
  path: string;
  status?: number;
  connection?: string;
  body?: string;
  error?: string;
  afterSignal: boolean;
};

function get(
  url: string,
  agent: http.Agent | false,
): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, connection: res.headers.connection, body }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** A client on a keep-alive agent, asking as fast as it gets answers until the load balancer routes it away. */
async function clientLoop(
  server: ServerProcess,
  state: { signalled: boolean; routedAway: boolean },
  outcomes: Outcome[],
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const until = Date.now() + 20_000;
  while (!state.routedAway && Date.now() < until) {
    const afterSignal = state.signalled;
    try {
      const res = await get(`${server.url}/api/site`, agent);
      outcomes.push({
        path: '/api/site',
        status: res.status,
        connection: res.connection,
        afterSignal,
      });
    } catch (err) {
      outcomes.push({
        path: '/api/site',
        error: (err as NodeJS.ErrnoException).code ?? String(err),
        afterSignal,
      });
    }
  }
  agent.destroy();
}

/** The load balancer's health check: every 100 ms, until it sees "draining" and routes clients away. */
async function healthCheck(
  server: ServerProcess,
  state: { routedAway: boolean },
  seen: Outcome[],
): Promise<void> {
  const until = Date.now() + 20_000;
  while (!state.routedAway && Date.now() < until) {
    const res = await get(`${server.url}/api/health`, false);
    seen.push({ path: '/api/health', status: res.status, body: res.body, afterSignal: true });
    if (res.status === 503) state.routedAway = true;
    else await new Promise((r) => setTimeout(r, 100));
  }
}

/** A POST whose body arrives in two parts: it is in flight from the first byte until `finish()` sends the rest. */
function slowContact(server: ServerProcess) {
  const body = JSON.stringify({
    type: 'general',
    name: 'Ada Obi',
    email: 'ada@example.com',
    subject: 'Hello',
    message: 'Sent slowly',
  });
  const half = Math.floor(body.length / 2);
  const req = http.request(`${server.url}/api/inbox/contact`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: server.url,
    },
  });
  const answered = new Promise<{ status: number; error?: string }>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode! }));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, error: err.code ?? err.message }),
    );
  });
  req.write(body.slice(0, half));
  return { answered, finish: () => req.end(body.slice(half)) };
}

/** Waits for the server's own log line saying its listener closed (probing with connections would race it). */
async function waitForListenerClosed(server: ServerProcess): Promise<void> {
  const pid = server.child.pid;
  for (let i = 0; i < 600; i++) {
    const lines = fs.readFileSync(server.logFile, 'utf8').split('\n');
    if (lines.some((l) => l.includes(`"pid":${pid},`) && l.includes('closing the listener')))
      return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the listener never closed');
}

describe('stopping under load (SIGTERM)', () => {
  it('drains: health says draining, every answer arrives, in-flight requests finish, then exit 0', async () => {
    const server = await spawnServer(database.url, await freePort(), {
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    const outcomes: Outcome[] = [];
    const health: Outcome[] = [];
    const state = { signalled: false, routedAway: false };
    const loops = Array.from({ length: 4 }, () => clientLoop(server, state, outcomes));
    const slow = slowContact(server);
    // Let the clients get going (bounded, however loaded the machine is).
    for (let i = 0; i < 100 && outcomes.length < 12; i++)
      await new Promise((r) => setTimeout(r, 50));

    const signalledAt = Date.now();
    state.signalled = true;
    server.child.kill('SIGTERM');
    await healthCheck(server, state, health);
    const routedAwayAfterMs = Date.now() - signalledAt;
    await Promise.all(loops);
    await waitForListenerClosed(server);
    const listenerClosedAfterMs = Date.now() - signalledAt;
    // From here a new connection is refused, not reset.
    await expect(get(`${server.url}/api/site`, false)).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });
    slow.finish();
    const [exitCode, slowAnswer] = await Promise.all([server.exited, slow.answered]);

    expect(exitCode).toBe(0);
    // The request whose body was still arriving when the listener closed got its answer.
    expect(slowAnswer).toEqual({ status: 200 });
    expect(health.at(-1)).toMatchObject({
      status: 503,
      body: JSON.stringify({ status: 'draining' }),
    });
    expect(routedAwayAfterMs).toBeLessThan(DRAIN_MS);
    expect(listenerClosedAfterMs).toBeGreaterThanOrEqual(DRAIN_MS);
    // Every request sent was answered, before and after the signal; after it, each answer closes its connection.
    expect(outcomes.filter((o) => o.error)).toEqual([]);
    expect(outcomes.every((o) => o.status === 200)).toBe(true);
    const after = outcomes.filter((o) => o.afterSignal);
    expect(outcomes.length - after.length).toBeGreaterThanOrEqual(12);
    expect(after.length).toBeGreaterThan(0);
    expect(after.some((o) => o.connection === 'close')).toBe(true);
  }, 60_000);

  it('while draining, every answer closes its connection and health says draining', async () => {
    const { app } = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await app.inject({ url: '/api/site' })).headers.connection).not.toBe('close');
    const closed = drainAndClose(app, 2000, app.log);
    const health = await app.inject({ url: '/api/health' });
    expect([health.statusCode, health.json(), health.headers.connection]).toEqual([
      503,
      { status: 'draining' },
      'close',
    ]);
    const site = await app.inject({ url: '/api/site' });
    expect([site.statusCode, site.headers.connection]).toEqual([200, 'close']);
    const refused = await app.inject({ url: '/api/wallet' });
    expect([refused.statusCode, refused.headers.connection]).toEqual([401, 'close']);
    await closed;
    expect(app.server.listening).toBe(false);
  });

  it('stops its embedded PostgreSQL after the HTTP server', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-drain-'));
    fs.chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as its own user when we are root
    const server = await spawnServer('', await freePort(), { DATABASE_URL: '', DATA_DIR: dataDir });
    const pidFile = path.join(dataDir, 'pgdata', 'postmaster.pid');
    expect(fs.existsSync(pidFile)).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(pidFile)).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
