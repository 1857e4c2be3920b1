// Signed webhooks (docs/decisions/024): each event of a purchase, a top-up credit and a report's resolution reaches
// the customer's receiver signed and verifiable, through an outbox that retries with backoff, loses nothing, posts
// each delivery once with two workers at it, keeps a log the customer sees with Resend, and never connects to a
// private address in production, also when the name resolves to one only at delivery time (pinned connection).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/webhooks.ts';
import { quickAdmin, quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { enrolTwoFactor, stepUpSession } from '../../test/two-factor-helpers.ts';
import { insertGroupWithStock, testCipher } from '../../test/stock-helpers.ts';
import { readOrderItems } from '../reports/read-order-items.ts';
import { deliverDueWebhooks } from './deliver-webhooks.ts';
import { verifyWebhookSignature } from './sign-webhook.ts';
import { webhookDeliveries } from './webhooks.tables.ts';
import { webhooksTestKit } from '../../test/kits/webhooks-kit.ts';

const {
  dns,
  resolverCalls,
  app,
  db,
  hooks,
  receiver,
  shop,
  verified,
  customerWithHook,
  deliveriesOf,
} = await webhooksTestKit();

describe('events reach the receiver signed', () => {
  it('a purchase sends order.completed, signed over the timestamp and body; the log shows it delivered', async () => {
    const buyer = await customerWithHook();
    expect(buyer.secret).toMatch(/^whsec_/);
    const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 10_000 });
    const order = await shop.buy(buyer.cookie, group.id);
    const before = receiver.received.length;
    expect(await app.deliverWebhooks()).toBe(1);
    const [got] = receiver.received.slice(before);
    const event = verified(got!, buyer.secret);
    expect(event).toMatchObject({ type: 'order.completed', data: { order: { id: order.id } } });
    expect(got!.headers['x-acctstore-event-id']).toBe(event.id);
    // The signature is bound to its body and its secret: a changed byte or another secret fails.
    const header = got!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(verifyWebhookSignature(buyer.secret, got!.body.replace('1', '2'), header)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', got!.body, header)).toBe(false);
    // Replay protection: the same signed request six minutes later is refused by the tolerance.
    expect(
      verifyWebhookSignature(buyer.secret, got!.body, header, { now: Date.now() + 6 * 60_000 }),
    ).toBe(false);
    const { deliveries, endpoints } = await hooks.list(buyer.cookie);
    expect(endpoints).toHaveLength(1);
    expect(JSON.stringify(endpoints)).not.toContain(buyer.secret);
    expect(deliveries).toMatchObject([
      { event: 'order.completed', status: 'delivered', attempts: 1, lastStatusCode: 200 },
    ]);
  });

  it('a credited top-up sends topup.credited and a resolved report sends report.resolved, each queued with its cause', async () => {
    const buyer = await customerWithHook();
    const started = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie: buyer.cookie, ...SAME_ORIGIN },
      payload: { amountKobo: 5000_00 },
    });
    const { reference } = started.json<{ reference: string }>();
    await app.inject({ url: `/api/wallet/topups/${reference}`, headers: { cookie: buyer.cookie } });
    const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 10_000 });
    const order = await shop.buy(buyer.cookie, group.id);
    const filed = await shop.report(buyer.cookie, order.id, [order.items[0]!.accountId]);
    const admin = await quickAdmin(db);
    const reportId = filed.json<{ reportIds: string[] }>().reportIds[0]!;
    expect((await shop.resolve(admin.cookie, reportId, { action: 'refund' })).statusCode).toBe(200);

    const before = receiver.received.length;
    await app.deliverWebhooks();
    const events = receiver.received.slice(before).map((r) => verified(r, buyer.secret));
    expect(events.map((e) => e.type).sort()).toEqual([
      'order.completed',
      'report.resolved',
      'topup.credited',
    ]);
    expect(events.find((e) => e.type === 'topup.credited')!.data).toMatchObject({
      topup: { reference, amountKobo: 5000_00, status: 'completed' },
      balanceKobo: 1_000_000 + 5000_00,
    });
    expect(events.find((e) => e.type === 'report.resolved')!.data).toMatchObject({
      report: { id: reportId, orderId: order.id, status: 'refunded', refundKobo: 10_000 },
    });
  });

  it('a purchase that fails queues nothing, and an endpoint gets only the events it picked', async () => {
    const buyer = await quickCustomer(db, 5_000);
    await hooks.register(buyer.cookie, receiver.url, ['topup.credited']);
    const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 10_000 });
    const poor = await shop.buy(buyer.cookie, group.id).catch((err: Error) => err.message);
    expect(poor).toContain('402');
    const rich = await customerWithHook(receiver.url);
    const other = await quickCustomer(db, 1_000_000);
    await hooks.register(other.cookie, receiver.url, ['report.resolved']);
    await shop.buy(rich.cookie, group.id);
    await shop.buy(other.cookie, group.id);
    expect(await deliveriesOf(buyer.user.id)).toHaveLength(0);
    expect(await deliveriesOf(other.user.id)).toHaveLength(0);
    expect(await deliveriesOf(rich.user.id)).toHaveLength(1);
    expect(await app.deliverWebhooks()).toBe(1);
  });
});

describe('destinations', () => {
  it('refuses private and special-use addresses when registered (loopback only outside production)', async () => {
    const customer = await quickCustomer(db);
    for (const url of [
      'http://10.0.0.8/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest',
      'https://[fe80::1]/hook',
      'https://[fd00::1]/hook',
      'https://router.local/hook',
      'ftp://example.com/hook',
      'https://user:pw@hooks.example.com/hook',
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/me/webhooks',
        headers: { cookie: customer.cookie, ...SAME_ORIGIN },
        payload: { url, events: ['order.completed'] },
      });
      expect([url, res.statusCode, res.json().error.code]).toEqual([url, 400, 'VALIDATION_FAILED']);
    }
  });

  it('connects to the address it checked (pinned), with the Host of the URL', async () => {
    dns.answer = [{ address: '127.0.0.1', family: 4 }];
    const buyer = await customerWithHook(`http://hooks.example.com:${receiver.port}/in`);
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(eq(webhookDeliveries.status, 'pending'));
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
    await shop.buy(buyer.cookie, group.id);
    const before = receiver.received.length;
    resolverCalls.length = 0;
    await app.deliverWebhooks();
    const [got] = receiver.received.slice(before);
    expect(got!.headers.host).toBe(`hooks.example.com:${receiver.port}`);
    expect(resolverCalls).toEqual(['hooks.example.com']);
    verified(got!, buyer.secret);
  });

  it('in production, a name that resolves to a private address at delivery is refused without connecting (DNS rebinding)', async () => {
    const production = { allowLoopback: false };
    const buyer = await customerWithHook(`https://hooks.example.com:${receiver.port}/in`);
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
    await shop.buy(buyer.cookie, group.id);
    const deliver = (answer: { address: string; family: number }[]) =>
      deliverDueWebhooks({
        db,
        cipher: testCipher,
        policy: production,
        resolve: async () => answer,
        warrantyHours: 48,
        orderItems: readOrderItems,
      });
    const before = receiver.received.length;
    for (const answer of [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '10.1.2.3', family: 4 }],
      [
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:169.254.169.254', family: 6 },
      ],
    ]) {
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date() })
        .where(eq(webhookDeliveries.userId, buyer.user.id));
      await deliver(answer);
      const [row] = await deliveriesOf(buyer.user.id);
      expect(row!.status).toBe('pending');
      expect(row!.lastStatusCode).toBeNull();
      expect(row!.lastError).toContain('non-public address');
    }
    expect(receiver.received.length).toBe(before);
  });
});

describe('step-up', () => {
  it('with two-factor sign-in on, registering a webhook and making an API key take a fresh code', async () => {
    const { cookie } = await signedInUser(app, db);
    const { secret } = await enrolTwoFactor(app, cookie);
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { cookie, ...SAME_ORIGIN }, payload });
    const hook = { url: receiver.url, events: ['order.completed'] };
    const key = { name: 'Bot', scopes: ['read'] };
    for (const [url, payload] of [
      ['/api/me/webhooks', hook],
      ['/api/me/api-keys', key],
    ] as const) {
      const refused = await post(url, payload);
      expect([url, refused.statusCode, refused.json().error.code]).toEqual([
        url,
        403,
        'STEP_UP_REQUIRED',
      ]);
    }
    expect((await hooks.list(cookie)).endpoints).toHaveLength(0);
    await stepUpSession(app, cookie, secret, 1);
    expect((await post('/api/me/webhooks', hook)).statusCode).toBe(201);
    expect((await post('/api/me/api-keys', key)).statusCode).toBe(201);
  });
});
