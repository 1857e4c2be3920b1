// Crash test: the real server process is killed (SIGKILL) at random moments during a stream of
// purchases, 20 times, and restarted on the same database. Every purchase answered 201 must exist, and
// the invariants (no debit without its order, no order without its debit, no account sold twice) hold.
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { spawnServer } from '../../test/spawn-server.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { checkLedger } from '../wallet/check-ledger.ts';
import { orders } from './orders.tables.ts';

const ROUNDS = 20;
const BUYERS = 8;

const database = await createTestDatabase();
const { db } = database;
let server: ChildProcess | null = null;
afterAll(() => server?.kill('SIGKILL'));

describe('purchases survive kill -9', () => {
  it(`keeps every answered purchase and every invariant across ${ROUNDS} crashes`, async () => {
    const group = await insertGroupWithStock(db, { accounts: 2000, priceKobo: 1000 });
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, () => quickCustomer(db, 10_000_000)),
    );
    const answered: string[] = [];
    const port = await freePort();
    for (let round = 0; round < ROUNDS; round++) {
      const started = await spawnServer(database.url, port);
      server = started.child;
      let running = true;
      const streams = buyers.map(async (b) => {
        while (running) {
          try {
            const res = await fetch(`${started.url}/api/orders`, {
              method: 'POST',
              headers: {
                cookie: b.cookie,
                'content-type': 'application/json',
                'idempotency-key': crypto.randomUUID(),
                origin: started.url,
              },
              body: JSON.stringify({
                productGroupId: group.id,
                quantity: 1 + Math.floor(Math.random() * 3),
              }),
            });
            if (res.status === 201)
              answered.push(((await res.json()) as { order: { id: string } }).order.id);
          } catch {
            return; // the server is gone
          }
        }
      });
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 1000));
      server.kill('SIGKILL');
      running = false;
      await Promise.all(streams);
      await started.exited;
    }
    expect(answered.length).toBeGreaterThan(0);
    const found = await db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, answered));
    expect(found).toHaveLength(answered.length);
    expect(await checkLedger(db)).toEqual([]);
  }, 400_000);
});
