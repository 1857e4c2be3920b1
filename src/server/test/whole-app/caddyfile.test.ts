// deploy/Caddyfile on the machine's Caddy (Debian 12's 2.6.2; CI installs it): it validates as compose.yaml and
// docs/deploy.md §4 use it, and a store going away cannot fail a purchase that happened. At the moment a store
// stops: every GET succeeds (sent to the other store), no POST reaches a store twice or with another request's
// body (2.6.2 sends a retried body empty or mixed up), a POST that failed reached no store at all, nothing answers
// 503 while a store is up, and within the health interval every POST succeeds again. A POST taken by a store that
// dies without answering is never sent to the other store (it may have bought).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const caddyfile = fs.readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-caddy-'));
const running: (ChildProcess | http.Server)[] = [];
afterAll(() => {
  for (const r of running)
    if ('kill' in r) r.kill('SIGKILL');
    else r.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const validate = (file: string, env: Record<string, string> = {}) =>
  execFileSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', file], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** A store stand-in: healthy, and records every request id it receives; `dies` resets non-health requests. */
async function upstream(
  name: string,
  seen: string[],
  dies = false,
): Promise<{ port: number; server: http.Server }> {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    if (req.url === '/api/health') return res.end('{"status":"ok"}');
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push(`${req.method} ${req.headers['x-id']} ${body}`);
      if (dies) req.socket.destroy();
      else res.end(`${name} ${body}`);
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  running.push(server);
  return { port, server };
}

/** Caddy with deploy/Caddyfile, plain HTTP on a free port, in front of the given upstreams. */
async function caddyInFront(upstreams: string): Promise<string> {
  const port = await freePort();
  const file = path.join(work, `Caddyfile-${port}`);
  fs.writeFileSync(
    file,
    '{\n\tadmin off\n}\n' +
      caddyfile
        .replaceAll('{$DOMAIN}', `http://127.0.0.1:${port}`)
        .replaceAll('store1:3000 store2:3000', upstreams),
  );
  const caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', file], {
    stdio: 'ignore',
    env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
  });
  running.push(caddy);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return url;
    if (i > 100) throw new Error('caddy did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const send = (url: string, method: string, id: number) =>
  fetch(`${url}/api/orders`, {
    method,
    headers: { 'x-id': String(id) },
    body: method === 'POST' ? `body-${id}` : undefined,
  }).then(
    (r) => r.status,
    () => 0,
  );

describe('deploy/Caddyfile', () => {
  it('validates as compose.yaml uses it and as docs/deploy.md §4 rewrites it', () => {
    const composeForm = path.join(work, 'compose.Caddyfile');
    fs.writeFileSync(composeForm, caddyfile);
    expect(validate(composeForm, { DOMAIN: 'shop.example.com' })).toContain('Valid configuration');
    const systemdForm = path.join(work, 'systemd.Caddyfile');
    fs.writeFileSync(
      systemdForm,
      caddyfile
        .replaceAll('store1:3000 store2:3000', '127.0.0.1:3000 127.0.0.1:3001')
        .replaceAll('{$DOMAIN}', 'shop.example.com'),
    );
    expect(validate(systemdForm)).toContain('Valid configuration');
  });

  it('a store stops during a burst: reads succeed, no POST is sent twice, a failed POST reached no store', async () => {
    const seen: string[] = [];
    const stopping = await upstream('stopping', seen);
    const live = await upstream('live', seen);
    const url = await caddyInFront(`127.0.0.1:${stopping.port} 127.0.0.1:${live.port}`);
    for (let i = 0; i < 4; i++) expect(await send(url, 'GET', 1000 + i)).toBe(200); // both in rotation
    seen.length = 0;
    // The store goes away (its connections with it) before Caddy's next health check can notice.
    stopping.server.closeAllConnections();
    await new Promise((r) => stopping.server.close(r));
    const [posts, gets] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, (_, i) => send(url, 'POST', i))),
      Promise.all(Array.from({ length: 20 }, (_, i) => send(url, 'GET', 100 + i))),
    ]);
    expect(gets).toEqual(gets.map(() => 200));
    const received = seen.filter((s) => s.startsWith('POST'));
    posts.forEach((status, i) => {
      expect([200, 502]).toContain(status);
      // Answered 200: received once, with its own body. Answered 502: received by no store.
      expect(received.filter((s) => s.split(' ')[1] === String(i))).toEqual(
        status === 200 ? [`POST ${i} body-${i}`] : [],
      );
    });
    await new Promise((r) => setTimeout(r, 1_500)); // the health check (every second) has seen it
    for (let i = 0; i < 10; i++) expect(await send(url, 'POST', 200 + i)).toBe(200);
  });

  it('a store that dies with a POST: the POST is not sent again; a GET is', async () => {
    const seen: string[] = [];
    const dying = await upstream('dying', seen, true);
    const live = await upstream('live', seen);
    const url = await caddyInFront(`127.0.0.1:${dying.port} 127.0.0.1:${live.port}`);
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push(await send(url, 'POST', i));
    const postsSeen = seen.filter((s) => s.startsWith('POST'));
    // Each POST reached one store once; those the dying store took were answered 502, never resent.
    expect(postsSeen.map((s) => s.split(' ')[1]).sort()).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(posts.filter((s) => s === 502).length).toBeGreaterThan(0);
    for (let i = 0; i < 6; i++) expect(await send(url, 'GET', 100 + i)).toBe(200);
  });
});
