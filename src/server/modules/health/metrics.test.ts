import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { freePort } from '../../db/embedded-postgres.ts';
import { quickCustomer, SAME_ORIGIN, signedInUser, insertEmail } from '../../test/auth-helpers.ts';
import { spawnServer } from '../../test/spawn-server.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp, testConfig } from '../../test/test-app.ts';
import { stockAccounts } from '../stock/stock.tables.ts';

const { app, db, database } = await createTestApp();
const admin = await signedInUser(app, db, { isAdmin: true });

async function scrape(target = app): Promise<string> {
  const res = await target.inject({ url: '/api/metrics', headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one sample line, e.g. sample(text, 'acctstore_orders{status="completed"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics', () => {
  it('counts requests and latencies by route pattern and status, never by raw URL', async () => {
    const group = await insertGroupWithStock(db, { accounts: 1 });
    const [account] = await db
      .select({ id: stockAccounts.id })
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, group.id));
    for (let i = 0; i < 3; i++)
      expect((await app.inject({ url: `/api/catalogue/accounts/${account!.id}` })).statusCode).toBe(
        200,
      );
    await app.inject({ url: `/api/catalogue/accounts/${crypto.randomUUID()}` });
    await app.inject({ url: `/api/no-such-route/${crypto.randomUUID()}` });

    const text = await scrape();
    expect(
      sample(
        text,
        'http_requests_total{method="GET",route="/api/catalogue/accounts/:id",status="200"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'http_requests_total{method="GET",route="/api/catalogue/accounts/:id",status="404"}',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/catalogue/accounts/:id",status="200"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/catalogue/accounts/:id",status="200"}',
      ),
    ).toBe(3);
    // Unknown paths fall to the app's catch-all page route: one series, whatever the URL.
    expect(sample(text, 'http_requests_total{method="GET",route="/*",status="404"}')).toBe(1);
    expect(text).not.toContain(account!.id);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('reports purchases, top-ups by status, the outbox depth and failures, and pool usage', async () => {
    const before = await scrape();
    const buyer = await quickCustomer(db, 50_000);
    const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 10_000 });
    const bought = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: buyer.cookie, ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
      payload: { productGroupId: group.id, quantity: 1 },
    });
    expect(bought.statusCode).toBe(201);
    const topup = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie: buyer.cookie, ...SAME_ORIGIN },
      payload: { amountKobo: 1000_00 },
    });
    expect(topup.statusCode).toBe(201);
    await insertEmail(
      db,
      { kind: 'test', to: 'x@example.com', subject: 'S', text: 'T' },
      { status: 'failed', lastError: 'refused' },
    );
    await insertEmail(
      db,
      { kind: 'test', to: 'y@example.com', subject: 'S', text: 'T' },
      { lastError: 'refused', nextAttemptAt: new Date(Date.now() - 90_000) },
    );

    const text = await scrape();
    const grew = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    expect(grew('acctstore_orders{status="completed"}')).toBe(1);
    // The order's alert to the owner waits for Telegram (no worker runs in tests).
    expect(grew('acctstore_owner_alerts_waiting')).toBe(1);
    expect(grew('acctstore_topups{status="pending"}')).toBe(1);
    expect(sample(text, 'acctstore_topups{status="expired"}')).toBe(0);
    expect(grew('acctstore_email_outbox{status="failed"}')).toBe(1);
    expect(grew('acctstore_email_outbox{status="retrying"}')).toBe(1);
    expect(sample(text, 'acctstore_email_outbox_oldest_due_seconds')).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'acctstore_database_up')).toBe(1);
    expect(sample(text, 'acctstore_db_pool_max')).toBe(10);
    expect(sample(text, 'acctstore_db_pool_connections')).toBeGreaterThan(0);
    expect(sample(text, 'acctstore_db_pool_waiting')).toBe(0);
  });

  it('in a second process: its own request counts, the same database figures', async () => {
    const second = await buildApp({ config: testConfig(), database, logger: false });
    await second.ready();
    const first = await scrape();
    const other = await scrape(second);
    await second.close();
    expect(sample(other, 'acctstore_orders{status="completed"}')).toBe(
      sample(first, 'acctstore_orders{status="completed"}'),
    );
    expect(
      sample(
        other,
        'http_requests_total{method="GET",route="/api/catalogue/accounts/:id",status="200"}',
      ),
    ).toBeUndefined();
  });

  it('is for admins only', async () => {
    expect((await app.inject({ url: '/api/metrics' })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          url: '/api/metrics',
          headers: { cookie: (await quickCustomer(db)).cookie },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('is also served without sign-in on METRICS_PORT, bound to 127.0.0.1 only', async () => {
    const metricsPort = await freePort();
    const server = await spawnServer(database.url, await freePort(), {
      METRICS_PORT: String(metricsPort),
    });
    try {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'acctstore_database_up')).toBe(1);
      expect(text).toContain('http_requests_total{method="GET",route="/api/health",status="200"}');
      expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
      const lanAddress = Object.values((await import('node:os')).networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal);
      if (lanAddress)
        await expect(
          fetch(`http://${lanAddress.address}:${metricsPort}/metrics`),
        ).rejects.toThrow();
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 30_000);
});
