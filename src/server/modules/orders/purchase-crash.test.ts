// Crash test: the real server process is killed (SIGKILL) at random moments during a stream of
// purchases, 20 times, and restarted on the same database. Every purchase answered 201 must exist, and
// the invariants (no debit without its order, no order without its debit, no account sold twice) hold.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { checkLedger } from '../wallet/check-ledger.ts';
import { orders } from './orders.tables.ts';

const ROUNDS = 20;
const BUYERS = 8;
const mainTs = path.resolve(import.meta.dirname, '../../main.ts');

const database = await createTestDatabase();
const { db } = database;
let server: ChildProcess | null = null;
afterAll(() => server?.kill('SIGKILL'));

async function startServer(port: number): Promise<{ child: ChildProcess; exited: Promise<unknown> }> {
  const child = spawn(process.execPath, [mainTs], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      PORT: String(port),
      DEMO_SEED: 'false',
      LOG_LEVEL: 'error',
      CREDENTIALS_KEY: 'a'.repeat(64),
      DATA_DIR: path.resolve('.tmp/crash-test'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not start');
}

describe('purchases survive kill -9', () => {
  it(`keeps every answered purchase and every invariant across ${ROUNDS} crashes`, async () => {
    const group = await insertGroupWithStock(db, { accounts: 2000, priceKobo: 1000 });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => quickCustomer(db, 10_000_000)));
    const answered: string[] = [];
    const port = await freePort();
    for (let round = 0; round < ROUNDS; round++) {
      const started = await startServer(port);
      server = started.child;
      let running = true;
      const streams = buyers.map(async (b) => {
        while (running) {
          try {
            const res = await fetch(`http://127.0.0.1:${port}/api/orders`, {
              method: 'POST',
              headers: { cookie: b.cookie, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID(), origin: `http://localhost:${port}` },
              body: JSON.stringify({ productGroupId: group.id, quantity: 1 + Math.floor(Math.random() * 3) }),
            });
            if (res.status === 201) answered.push(((await res.json()) as { order: { id: string } }).order.id);
          } catch {
            return; // the server is gone
          }
        }
      });
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
      server.kill('SIGKILL');
      running = false;
      await Promise.all(streams);
      await started.exited;
    }
    expect(answered.length).toBeGreaterThan(ROUNDS);
    const found = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, answered));
    expect(found).toHaveLength(answered.length);
    expect(await checkLedger(db)).toEqual([]);
  }, 180_000);
});
