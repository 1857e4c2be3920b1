// The growth path, proven: two app processes on one PostgreSQL serve the same customers at once, and
// every guarantee holds (no overselling, one credit per payment, no negative balance, the ledger).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/embedded-postgres.ts';
import { quickCustomer } from '../auth-helpers.ts';
import { spawnServer, type ServerProcess } from '../spawn-server.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestDatabase } from '../test-app.ts';
import { payments } from '../../modules/payments/payments.tables.ts';
import { checkLedger } from '../../modules/wallet/check-ledger.ts';
import { transactions } from '../../modules/wallet/wallet.tables.ts';

const database = await createTestDatabase();
const { db } = database;
const servers: ServerProcess[] = await Promise.all(
  [freePort(), freePort()].map(async (p) => spawnServer(database.url, await p)),
);
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
});

const send = (
  server: ServerProcess,
  cookie: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    redirect: 'manual',
    headers: {
      cookie,
      origin: server.url,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

describe('two app processes, one database', () => {
  it('sell each of 40 accounts once to 160 buyers spread over both processes', async () => {
    const group = await insertGroupWithStock(db, { accounts: 40, priceKobo: 5_000 });
    const buyers = await Promise.all(Array.from({ length: 160 }, () => quickCustomer(db, 5_000)));
    const results = await Promise.all(
      buyers.map((b, i) =>
        send(servers[i % 2]!, b.cookie, '/api/orders', {
          method: 'POST',
          body: { productGroupId: group.id, quantity: 1 },
          headers: { 'idempotency-key': crypto.randomUUID() },
        }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(40);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(await checkLedger(db)).toEqual([]);
  }, 60_000);

  it('credit a sandbox top-up once when both processes check it at the same time', async () => {
    for (let run = 0; run < 10; run++) {
      // A customer per run: one customer's top-up checks are limited (TOPUP_LIMITS).
      const customer = await quickCustomer(db);
      const started = await send(servers[0]!, customer.cookie, '/api/wallet/topups', {
        method: 'POST',
        body: { amountKobo: 1000_00 },
      });
      const { reference, checkoutUrl } = (await started.json()) as {
        reference: string;
        checkoutUrl: string;
      };
      // Pay on the sandbox page of the other process: state is in the shared database.
      const paid = await fetch(checkoutUrl.replace(servers[0]!.url, servers[1]!.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
      });
      expect(paid.status).toBe(303);
      const checks = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          send(servers[i % 2]!, customer.cookie, `/api/wallet/topups/${reference}`),
        ),
      );
      expect(checks.map((c) => c.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
      expect(payment!.status).toBe('completed');
      expect(
        await db
          .select()
          .from(transactions)
          .where(and(eq(transactions.paymentId, payment!.id))),
      ).toHaveLength(1);
    }
    expect(await checkLedger(db)).toEqual([]);
  }, 60_000);
});
