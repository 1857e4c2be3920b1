// The figures the alert rules (deploy/prometheus/alerts.yml) read: they answer while PostgreSQL is down and say so,
// and they count the failures that are otherwise only log lines (SMTP, payment verification), the oldest pending
// top-up, and the last successful backup.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { freePort } from '../../db/embedded-postgres.ts';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { createInstantProvider } from '../../test/instant-provider.ts';
import { runCli } from '../../test/maintenance-helpers.ts';
import { createTestApp, testConfig } from '../../test/test-app.ts';
import { recordBackupSuccess } from '../../maintenance/record-backup-success.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { PaymentProviderError } from '../payments/payment-provider.ts';
import { payments } from '../payments/payments.tables.ts';
import { startMetricsServer } from './metrics-server.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const instant = createInstantProvider();
let providerDown = false;
const { app, db, database } = await createTestApp({
  env: { METRICS_TOKEN: TOKEN },
  deps: {
    paymentProvider: {
      ...instant,
      verify: async (ref) => {
        if (providerDown)
          throw new PaymentProviderError('TIMEOUT', 'ErcasPay did not answer within 10000 ms');
        return instant.verify(ref);
      },
    },
  },
});

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const byToken = (target = app, token = TOKEN) =>
  target.inject({ url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });

describe('metrics for alerts', () => {
  it('opens /api/metrics to METRICS_TOKEN without a session, and only to the exact token', async () => {
    const res = await byToken();
    expect(res.statusCode).toBe(200);
    expect(sample(res.body, 'acctstore_database_up')).toBe(1);
    expect((await byToken(app, `${TOKEN}x`)).statusCode).toBe(401);
    expect((await byToken(app, TOKEN.slice(0, -1))).statusCode).toBe(401);
    const customer = await quickCustomer(db);
    const res2 = await app.inject({
      url: '/api/metrics',
      headers: { cookie: customer.cookie, authorization: 'Bearer nope' },
    });
    expect(res2.statusCode).toBe(403);
  });

  it('answers while PostgreSQL is down, with database_up 0, by token and on METRICS_PORT', async () => {
    const database = connectDatabase('postgres://nobody@127.0.0.1:1/none', 1);
    const down = await buildApp({
      config: testConfig({ METRICS_TOKEN: TOKEN }),
      database,
      logger: false,
    });
    try {
      const res = await byToken(down);
      expect(res.statusCode).toBe(200);
      expect(sample(res.body, 'acctstore_database_up')).toBe(0);
      // An admin's cookie cannot be checked without the database; the token is the way in.
      expect((await byToken(down, 'wrong-token-0123456789abcdef')).statusCode).toBe(401);
      const port = await freePort();
      const stop = await startMetricsServer(down.renderMetrics, port, () => {});
      try {
        const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(scraped.status).toBe(200);
        expect(sample(await scraped.text(), 'acctstore_database_up')).toBe(0);
      } finally {
        await stop();
      }
    } finally {
      await down.close();
      await database.close();
    }
  });

  it('says the database is down when it does not answer in time, instead of hanging', async () => {
    // A server that accepts the connection and never answers: the pool's connect would wait 10 s.
    const net = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    const silent = net.createServer((s) => void sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const database = connectDatabase(`postgres://nobody@127.0.0.1:${port}/none`, 1);
    const down = await buildApp({ config: testConfig(), database, logger: false });
    try {
      const started = Date.now();
      const text = await down.renderMetrics();
      expect(Date.now() - started).toBeLessThan(4000);
      expect(sample(text, 'acctstore_database_up')).toBe(0);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
      await down.close();
      await database.close().catch(() => {});
    }
  });

  it('counts failed e-mail sends of the running mail worker', async () => {
    const worker = await buildApp({
      config: testConfig(),
      database,
      logger: false,
      startJobs: true,
      mailTransport: {
        name: 'smtp',
        send: async () => Promise.reject(new Error('Greeting never received')),
      },
    });
    try {
      const series = 'acctstore_email_send_failures_total{transport="smtp"}';
      expect(sample(await worker.renderMetrics(), series)).toBe(0);
      await enqueueEmail(db, { kind: 'test', to: 'a@example.com', subject: 'S', text: 'T' });
      const until = Date.now() + 6000;
      let text = '';
      while (Date.now() < until) {
        text = await worker.renderMetrics();
        if ((sample(text, series) ?? 0) > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(sample(text, series)).toBe(1);
    } finally {
      await worker.close();
    }
  });

  it('counts verifications the payment provider did not answer, and ages the oldest pending top-up', async () => {
    const customer = await signedInUser(app, db);
    const started = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie: customer.cookie, ...SAME_ORIGIN },
      payload: { amountKobo: 5000_00 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { reference } = started.json<{ reference: string }>();
    const series =
      'acctstore_payment_verification_failures_total{provider="sandbox",reason="no_answer"}';
    const before = sample((await byToken()).body, series);
    expect(before).toBe(0);
    providerDown = true;
    const checked = await app.inject({
      url: `/api/wallet/topups/${reference}`,
      headers: { cookie: customer.cookie },
    });
    providerDown = false;
    expect(checked.statusCode).toBe(200);
    await db
      .update(payments)
      .set({ createdAt: sql`now() - interval '3 hours'` })
      .where(eq(payments.reference, reference));
    const text = (await byToken()).body;
    expect(sample(text, series)).toBe(1);
    expect(
      sample(
        text,
        'acctstore_payment_verification_failures_total{provider="sandbox",reason="mismatch"}',
      ),
    ).toBe(0);
    expect(sample(text, 'acctstore_topup_oldest_pending_seconds')).toBeGreaterThanOrEqual(3 * 3600);
  });

  it('reports when each kind of backup last succeeded: `npm run backup` records it', async () => {
    const series = 'acctstore_last_backup_success_timestamp_seconds{kind="logical"}';
    expect(sample((await byToken()).body, series)).toBeUndefined();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-backup-metric-'));
    try {
      const backup = await runCli('backup', [`${dir}/`], { DATABASE_URL: database.url });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const text = (await byToken()).body;
    expect(Math.abs(sample(text, series)! - Date.now() / 1000)).toBeLessThan(60);
    // A kind never recorded has no series (NoBackupRecorded watches for none at all).
    expect(
      sample(text, 'acctstore_last_backup_success_timestamp_seconds{kind="base"}'),
    ).toBeUndefined();
    await recordBackupSuccess(db, 'base');
    expect(
      sample(
        (await byToken()).body,
        'acctstore_last_backup_success_timestamp_seconds{kind="base"}',
      ),
    ).toBeGreaterThan(0);
  }, 60_000);
});
