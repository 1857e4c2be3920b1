// Failover that keeps purchases: two store processes behind Debian's Caddy with deploy/Caddyfile, 80 customers
// buying at once, one store killed (SIGKILL) in the middle of the burst. Each purchase is sent as the checkout sends
// it (client/features/checkout/api/purchase.ts): after a 502/503/504 or no answer it is asked again under the same
// Idempotency-Key, after 0.5, 1 and 2 s. In the end every customer got a success, every success is exactly one
// order, nothing was bought twice, and every money and stock invariant holds. The figures (requests, first-try
// errors, orders vs answers) are printed.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { orders } from '../../modules/orders/orders.tables.ts';
import { checkLedger } from '../../modules/wallet/check-ledger.ts';
import { quickCustomer } from '../auth-helpers.ts';
import { spawnServer, type ServerProcess } from '../spawn-server.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestDatabase } from '../test-app.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'store-failover-'));
const database = await createTestDatabase();
const caddyPort = await freePort();
const proxy = `http://127.0.0.1:${caddyPort}`;
const servers: ServerProcess[] = [];
let caddy: ChildProcess | undefined;
afterAll(async () => {
  caddy?.kill('SIGKILL');
  for (const s of servers) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  fs.rmSync(work, { recursive: true, force: true });
});

const CUSTOMERS = 80;
const PURCHASES_EACH = 3;

describe('failover through Caddy', () => {
  it('a store killed during a purchase burst: every completed purchase reaches its customer, none twice', async () => {
    const storeEnv = { PUBLIC_URL: proxy, TRUST_PROXY: '1' };
    const ports = [await freePort(), await freePort()];
    servers.push(...(await Promise.all(ports.map((p) => spawnServer(database.url, p, storeEnv)))));
    const file = path.join(work, 'Caddyfile');
    fs.writeFileSync(
      file,
      '{\n\tadmin off\n}\n' +
        fs
          .readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8')
          .replaceAll('{$DOMAIN}', proxy)
          .replaceAll('store1:3000 store2:3000', ports.map((p) => `127.0.0.1:${p}`).join(' ')),
    );
    caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', file], {
      stdio: 'ignore',
      env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
    });
    for (
      let i = 0;
      !(await fetch(`${proxy}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (i > 100) throw new Error('caddy did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

    const group = await insertGroupWithStock(database.db, {
      accounts: CUSTOMERS * PURCHASES_EACH,
      priceKobo: 1_000,
    });
    const customers = await Promise.all(
      Array.from({ length: CUSTOMERS }, () => quickCustomer(database.db, 10_000)),
    );
    type Attempt = { key: string; statuses: number[]; orderId?: string };
    const attempts: Attempt[] = [];
    let answered = 0;
    let killedAt = -1;
    const buy = async (cookie: string): Promise<void> => {
      const attempt: Attempt = { key: crypto.randomUUID(), statuses: [] };
      attempts.push(attempt);
      // The checkout's own pauses between tries (PURCHASE_RETRY_PAUSES_MS), then the customer would see the error.
      for (const pause of [500, 1_000, 2_000, undefined]) {
        const res = await fetch(`${proxy}/api/orders`, {
          method: 'POST',
          headers: {
            cookie,
            origin: proxy,
            'content-type': 'application/json',
            'idempotency-key': attempt.key,
          },
          body: JSON.stringify({ productGroupId: group.id, quantity: 1 }),
        }).catch(() => undefined);
        attempt.statuses.push(res?.status ?? 0);
        if (res && ![502, 503, 504].includes(res.status)) {
          const body = (await res.json()) as { order?: { id: string } };
          attempt.orderId = body.order?.id;
          break;
        }
        await res?.text();
        if (pause === undefined) break;
        await new Promise((r) => setTimeout(r, pause));
      }
      if (++answered === Math.floor((CUSTOMERS * PURCHASES_EACH) / 3)) {
        killedAt = answered;
        servers[0]!.child.kill('SIGKILL'); // mid-burst, with purchases in flight on it
      }
    };
    const started = Date.now();
    await Promise.all(
      customers.map(async (c) => {
        for (let i = 0; i < PURCHASES_EACH; i++) await buy(c.cookie);
      }),
    );
    const seconds = (Date.now() - started) / 1000;

    const made = await database.db
      .select({ id: orders.id, key: orders.idempotencyKey })
      .from(orders)
      .where(isNotNull(orders.idempotencyKey));
    const firstTryErrors = attempts.filter((a) => a.statuses[0]! >= 500 || a.statuses[0] === 0);
    // The retry answers 200 (the key's order replayed) when the first try had in fact bought; 201 when it had not.
    const completedButFirstTryError = firstTryErrors.filter((a) => a.statuses.at(-1) === 200);
    const count = (xs: number[]) =>
      Object.entries(
        xs.reduce<Record<number, number>>((m, x) => ({ ...m, [x]: (m[x] ?? 0) + 1 }), {}),
      )
        .map(([k, n]) => `${n}×${k}`)
        .join(' ');
    const finalOk = attempts.filter((a) => [200, 201].includes(a.statuses.at(-1)!));
    console.info(
      `failover: ${attempts.length} purchases (${attempts.reduce((n, a) => n + a.statuses.length, 0)} requests) in ${seconds.toFixed(1)} s, ` +
        `store 1 killed after ${killedAt} answers; first-try errors ${firstTryErrors.length} ` +
        `(${count(firstTryErrors.map((a) => a.statuses[0]!)) || 'none'}), of which the purchase had completed (in flight on the killed store): ${completedButFirstTryError.length}; ` +
        `final answers 2xx ${finalOk.length}, errors ${attempts.length - finalOk.length} (at most ${Math.max(...attempts.map((a) => a.statuses.length))} tries); orders ${made.length}`,
    );

    // Every purchase ended answered with its order; the orders are exactly the answered ones, once each.
    expect(finalOk.length).toBe(attempts.length);
    expect(made.length).toBe(attempts.length);
    expect(new Set(made.map((o) => o.key)).size).toBe(made.length);
    expect(made.map((o) => o.id).sort()).toEqual(attempts.map((a) => a.orderId).sort());
    expect(await checkLedger(database.db)).toEqual([]);
  }, 180_000);
});
