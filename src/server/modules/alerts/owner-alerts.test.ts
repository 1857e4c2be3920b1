// Owner alerts through the alert outbox to a local fake of the Bot API: each kind queued with its cause and sent
// once, nothing lost while the Bot API is down, retry_after honoured, two workers never send one alert twice, a
// kind switched off sends nothing, and no message carries a secret of the order, the customer or the store.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { OwnerAlertSettings } from '../../../shared/owner-alerts.ts';
import { connectDatabase } from '../../db/client.ts';
import { quickAdmin, quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { startFakeErcasPay } from '../../test/fake-ercaspay.ts';
import { FAKE_BOT_TOKEN, FAKE_CHAT_ID, startFakeTelegram } from '../../test/fake-telegram.ts';
import { purchaseClient } from '../../test/purchase-helpers.ts';
import { reportClient } from '../../test/report-helpers.ts';
import { insertGroupWithStock, testCipher } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { deliverDueEmails } from '../mail/deliver-emails.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import type { MailTransport } from '../mail/transports.ts';
import { createErcasPayProvider } from '../payments/ercaspay-client.ts';
import { payments } from '../payments/payments.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { ownerAlerts, ownerAlertSettings } from './alerts.tables.ts';
import { deliverDueAlerts, skipWaitingAlerts } from './deliver-alerts.ts';
import { createTelegramSender } from './telegram-client.ts';

const telegram = await startFakeTelegram();
afterAll(() => telegram.close());
const ercas = await startFakeErcasPay();
afterAll(() => ercas.close());
const { app, db, database } = await createTestApp({
  env: telegram.env(),
  deps: {
    paymentProvider: createErcasPayProvider({
      baseUrl: ercas.baseUrl,
      secretKey: ercas.secretKey,
      retryDelayMs: 1,
    }),
  },
});
const sender = createTelegramSender({
  baseUrl: telegram.baseUrl,
  token: FAKE_BOT_TOKEN,
  chatId: FAKE_CHAT_ID,
});
const shop = purchaseClient(app, db);
const reports = reportClient(app);
const admin = await quickAdmin(db);

/** Every round the job loop would run, until one sends nothing. */
async function deliverAll(on = db): Promise<number> {
  let total = 0;
  for (let n = await deliverDueAlerts(on, sender); n > 0; n = await deliverDueAlerts(on, sender))
    total += n;
  return total;
}
/** The wait a retry asks for, skipped: every waiting alert is due now. */
const makeDue = () =>
  db.execute(sql`update owner_alerts set next_attempt_at = now() where status = 'pending'`);
const texts = () => telegram.messages.map((m) => m.text);
const alertsOf = (kind: string) =>
  db
    .select()
    .from(ownerAlerts)
    .where(eq(ownerAlerts.kind, kind as 'low_stock'));
const putSettings = (payload: object, cookie = admin.cookie) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/alerts',
    headers: { cookie, ...SAME_ORIGIN },
    payload,
  });
const allOn = {
  order_completed: true,
  low_stock: true,
  account_reported: true,
  topup_attention: true,
  email_failing: true,
};

beforeEach(async () => {
  telegram.messages.length = 0;
  telegram.requests.length = 0;
  telegram.setMode({ answer: 'ok' });
  telegram.setDelay(0);
  await db.delete(ownerAlerts);
  await db.delete(ownerAlertSettings);
});

async function buy(cookie: string, productGroupId: string, quantity: number) {
  const res = await shop.buy(cookie, { productGroupId, quantity });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ order: { id: string } }>().order;
}

describe('each kind, sent once', () => {
  it('tells the owner of a completed order, and of the stock it left low, once each and without any secret', async () => {
    const group = await insertGroupWithStock(db, { accounts: 6, priceKobo: 2500_00 });
    const buyer = await quickCustomer(db, 10_000_00);
    const order = await buy(buyer.cookie, group.id, 2);
    const ref = `ORD-${order.id.slice(0, 8).toUpperCase()}`;

    expect(await deliverAll()).toBe(2);
    expect(await deliverAll()).toBe(0);
    expect(texts()).toHaveLength(2);
    expect(texts().find((t) => t.includes(ref))).toBe(
      `🛒 New order ${ref}\n2 × ${group.name}\n₦5,000.00`,
    );
    expect(texts().find((t) => t.startsWith('📉'))).toContain(
      `Low stock: ${group.name} has 4 available accounts left.`,
    );
    expect(telegram.messages.every((m) => m.chatId === FAKE_CHAT_ID)).toBe(true);

    // Nothing the buyer or the accounts would want kept: credentials, the buyer's address, the session, the key.
    const sold = await db.select().from(stockAccounts).where(eq(stockAccounts.orderId, order.id));
    expect(sold).toHaveLength(2);
    const secrets = [
      buyer.user.email,
      buyer.cookie.slice(4),
      FAKE_BOT_TOKEN,
      ...sold.flatMap((a) => [
        a.username,
        a.email!,
        testCipher.decrypt(a.passwordEnc),
        testCipher.decrypt(a.emailPasswordEnc!),
      ]),
    ];
    for (const text of texts()) for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it('tells the owner of each of 40 purchases made at once (batched into shared transactions) exactly once', async () => {
    const group = await insertGroupWithStock(db, { accounts: 60, priceKobo: 100_00 });
    const buyers = await Promise.all(Array.from({ length: 40 }, () => quickCustomer(db, 100_00)));
    const before = app.purchases.batcher.stats();
    const answers = await Promise.all(
      buyers.map((b) => shop.buy(b.cookie, { productGroupId: group.id, quantity: 1 })),
    );
    const batched = app.purchases.batcher.stats().completedInBatches - before.completedInBatches;
    expect(batched).toBeGreaterThan(0);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
    const refs = answers.map(
      (a) => `ORD-${a.json<{ order: { id: string } }>().order.id.slice(0, 8).toUpperCase()}`,
    );
    expect(await deliverAll()).toBe(40);
    expect(
      texts()
        .map((t) => t.split('\n')[0])
        .sort(),
    ).toEqual(refs.map((r) => `🛒 New order ${r}`).sort());
  });

  it('queues nothing for a purchase that fails: the alert commits with the order or not at all', async () => {
    const group = await insertGroupWithStock(db, { accounts: 3, priceKobo: 2500_00 });
    const poor = await quickCustomer(db, 100_00);
    const res = await shop.buy(poor.cookie, { productGroupId: group.id, quantity: 1 });
    expect(res.statusCode).toBe(402);
    expect(await db.select().from(ownerAlerts)).toEqual([]);
  });

  it('tells the owner of a report of bad accounts, with its reason and without the customer’s note', async () => {
    const group = await insertGroupWithStock(db, { accounts: 10, priceKobo: 1000_00 });
    const buyer = await quickCustomer(db, 10_000_00);
    const order = await reports.buy(buyer.cookie, group.id, 2);
    await deliverAll();
    telegram.messages.length = 0;
    const note = 'tried password hunter2-secret';
    const filed = await reports.report(
      buyer.cookie,
      order.id,
      order.items.map((i) => i.accountId),
      'locked_or_suspended',
      note,
    );
    expect(filed.statusCode, filed.body).toBe(201);
    expect(await deliverAll()).toBe(1);
    expect(texts()).toEqual([
      `⚠️ 2 accounts reported on ORD-${order.id.slice(0, 8).toUpperCase()} (${group.name})\n` +
        "Reason: Locked or suspended\nReview it in the console's Reports tab.",
    ]);
    expect(texts()[0]).not.toContain('hunter2');
  });

  it('tells the owner of a top-up whose provider answer does not match, and of one paid late', async () => {
    const customer = await quickCustomer(db);
    const started = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie: customer.cookie, ...SAME_ORIGIN },
      payload: { amountKobo: 5000_00 },
    });
    expect(started.statusCode, started.body).toBe(201);
    const { reference } = started.json<{ reference: string }>();
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    const check = () =>
      app.inject({ url: `/api/wallet/topups/${reference}`, headers: { cookie: customer.cookie } });

    // Paid, but 3,000 where 5,000 was asked: failed as a mismatch.
    ercas.setStatus(payment!.providerReference!, 'SUCCESSFUL');
    ercas.setAmount(payment!.providerReference!, 3000);
    expect((await check()).json()).toMatchObject({ status: 'failed' });
    expect(await deliverAll()).toBe(1);
    expect(texts()[0]).toBe(
      `💳 Top-up ${reference} (₦5,000.00) needs attention: the provider says paid, but its answer does not ` +
        'match our record.\nMismatch: amount paid 300000 kobo, expected 500000\n' +
        'See Users → Top-ups needing attention.',
    );
    // The provider corrects itself: the late success is credited, and the owner hears of it.
    ercas.setAmount(payment!.providerReference!, 5000);
    expect((await check()).json()).toMatchObject({ status: 'completed' });
    expect(await deliverAll()).toBe(1);
    expect(texts()[1]).toBe(
      `💳 Top-up ${reference} (₦5,000.00) was failed, then paid late: it has now been credited to the wallet.`,
    );
    expect(texts().join('\n')).not.toContain(customer.user.email);
  });

  it('tells the owner once when e-mails keep failing, counting the ones that fail meanwhile, without their addresses', async () => {
    const refusing: MailTransport = {
      name: 'smtp',
      send: async (m) => {
        throw new Error(`550 5.1.1 <${m.to}>: Recipient address rejected`);
      },
    };
    await db.delete(emailOutbox); // the earlier tests' e-mails: only these two are sent here
    for (const [kind, to] of [
      ['credentials', 'ada@customer.example'],
      ['receipt', 'obi@customer.example'],
    ])
      await enqueueEmail(db, { kind: kind!, to: to!, subject: 'S', text: 'T' });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await db
        .update(emailOutbox)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(emailOutbox.status, 'pending'));
      await deliverDueEmails(db, refusing, 'x@y.z');
      // Two failures are not yet "keeps failing".
      if (attempt < 3) expect(await alertsOf('email_failing')).toEqual([]);
    }
    const [alert, ...others] = await alertsOf('email_failing');
    expect(others).toEqual([]);
    expect(alert!.details).toMatchObject({ count: 2 });
    expect(await deliverAll()).toBe(1);
    expect(texts()[0]).toMatch(
      /^✉️ 2 e-mails keep failing \(latest: (credentials|receipt), three attempts\)/,
    );
    expect(texts()[0]).toContain('<[address]>: Recipient address rejected');
    expect(texts()[0]).not.toMatch(/customer\.example/);
  });
});

describe('the owner’s switches', () => {
  it('sends nothing for a kind switched off in the console, and only orders from the chosen amount', async () => {
    expect(
      (await putSettings({ kinds: { ...allOn, low_stock: false }, minOrderKobo: 5000_00 }))
        .statusCode,
    ).toBe(200);
    const group = await insertGroupWithStock(db, { accounts: 6, priceKobo: 2000_00 });
    const buyer = await quickCustomer(db, 20_000_00);
    await buy(buyer.cookie, group.id, 1); // ₦2,000: under the threshold
    const big = await buy(buyer.cookie, group.id, 3); // ₦6,000, and stock down to 2: low stock is off
    expect(await deliverAll()).toBe(1);
    expect(texts()).toEqual([
      `🛒 New order ORD-${big.id.slice(0, 8).toUpperCase()}\n3 × ${group.name}\n₦6,000.00`,
    ]);

    await putSettings({ kinds: { ...allOn, order_completed: false }, minOrderKobo: 0 });
    await buy(buyer.cookie, group.id, 1);
    expect(await deliverAll()).toBe(0);
    expect(await db.select().from(ownerAlerts).where(eq(ownerAlerts.status, 'pending'))).toEqual(
      [],
    );
  });

  it('shows the settings and whether Telegram is configured, refuses bad input, and records who changed them', async () => {
    const read = await app.inject({ url: '/api/admin/alerts', headers: { cookie: admin.cookie } });
    expect(read.json<OwnerAlertSettings>()).toMatchObject({
      telegram: { configured: true, chatHint: '…7890' },
      kinds: allOn,
      minOrderKobo: 0,
    });
    expect(read.body).not.toContain(FAKE_BOT_TOKEN);
    const bad = await putSettings({ kinds: allOn, minOrderKobo: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { message: 'The amount cannot be negative' } });
    const saved = await putSettings({
      kinds: { ...allOn, email_failing: false },
      minOrderKobo: 100,
    });
    expect(saved.json()).toMatchObject({
      message: 'Alert settings saved.',
      settings: { kinds: { email_failing: false }, minOrderKobo: 100 },
    });
    const activity = await app.inject({
      url: '/api/admin/activity?action=alerts.update',
      headers: { cookie: admin.cookie },
    });
    expect(activity.json().entries[0]).toMatchObject({
      action: 'alerts.update',
      details: { after: { disabledKinds: ['email_failing'], minOrderKobo: 100 } },
    });
  });

  it('sends a test message straight away, and says why Telegram refused one', async () => {
    const test = () =>
      app.inject({
        method: 'POST',
        url: '/api/admin/alerts/test',
        headers: { cookie: admin.cookie, ...SAME_ORIGIN },
      });
    expect((await test()).json()).toEqual({
      message: 'Test message sent: check your Telegram chat.',
    });
    expect(texts()).toEqual([
      '✅ Test message from http://localhost:3000: owner alerts reach this chat.',
    ]);
    telegram.setMode({ answer: 'down', status: 502 });
    const refused = await test();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Telegram did not take the message: HTTP 502: Bad Gateway',
    );
  });
});

describe('delivery', () => {
  async function queueOrders(n: number): Promise<string[]> {
    const group = await insertGroupWithStock(db, { accounts: n + 10, priceKobo: 100_00 });
    const buyer = await quickCustomer(db, n * 100_00);
    const refs: string[] = [];
    for (let i = 0; i < n; i++)
      refs.push(`ORD-${(await buy(buyer.cookie, group.id, 1)).id.slice(0, 8).toUpperCase()}`);
    return refs;
  }

  it('keeps every alert while the Bot API is down or unreachable, and sends each once when it is back', async () => {
    const refs = await queueOrders(5);
    telegram.setMode({ answer: 'down', status: 503 });
    expect(await deliverAll()).toBe(0);
    // One request, not one per alert: the rest of the round waits with the first.
    expect(telegram.requests).toHaveLength(1);
    const waiting = await db.select().from(ownerAlerts);
    expect(waiting.map((a) => a.status)).toEqual(Array(5).fill('pending'));
    expect(waiting.every((a) => a.nextAttemptAt.getTime() > Date.now())).toBe(true);
    expect(waiting.find((a) => a.lastError)!.lastError).toBe('HTTP 503: Bad Gateway');

    await telegram.stop(); // and then not even listening
    await makeDue();
    expect(await deliverAll()).toBe(0);
    const unreachable = await db.select().from(ownerAlerts);
    expect(unreachable.every((a) => a.status === 'pending')).toBe(true);
    expect(unreachable.find((a) => a.lastError?.includes('unreachable'))!.lastError).not.toContain(
      FAKE_BOT_TOKEN,
    );

    await telegram.restart();
    telegram.setMode({ answer: 'ok' });
    await makeDue();
    expect(await deliverAll()).toBe(5);
    expect(await deliverAll()).toBe(0);
    expect(
      texts()
        .map((t) => t.split('\n')[0])
        .sort(),
    ).toEqual(refs.map((r) => `🛒 New order ${r}`).sort());
  });

  it('honours retry_after: nothing is asked of the Bot API before it has passed', async () => {
    await queueOrders(3);
    telegram.setMode({ answer: 'rate-limited', retryAfterS: 2 });
    expect(await deliverAll()).toBe(0);
    const limitedAt = telegram.requests[0]!.at;
    const waiting = await db.select().from(ownerAlerts);
    for (const a of waiting) {
      expect(a.status).toBe('pending');
      // retry_after, not the backoff (5 s at the first attempt).
      expect(a.nextAttemptAt.getTime() - limitedAt).toBeGreaterThan(1500);
      expect(a.nextAttemptAt.getTime() - limitedAt).toBeLessThan(2600);
    }
    telegram.setMode({ answer: 'ok' });
    // Polled as the job loop polls: nothing is asked until the two seconds are over.
    while (telegram.messages.length < 3) {
      await deliverAll();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(telegram.requests.slice(1).every((r) => r.at - limitedAt >= 1900)).toBe(true);
    expect(telegram.requests).toHaveLength(4);
  });

  it('sends each alert once with two workers on two connection pools at the same time', async () => {
    const refs = await queueOrders(30);
    telegram.setDelay(15);
    const other = connectDatabase(database.url, 4);
    try {
      const batches = (on: typeof db) => deliverDueAlerts(on, sender, { batch: 4 });
      let sent = 0;
      for (let round = 0; round < 20 && sent < 30; round++) {
        const [a, b] = await Promise.all([batches(db), batches(other.db)]);
        sent += a + b;
      }
      expect(sent).toBe(30);
    } finally {
      await other.close();
    }
    const firstLines = texts().map((t) => t.split('\n')[0]);
    expect(firstLines).toHaveLength(30);
    expect(new Set(firstLines).size).toBe(30);
    expect(firstLines.sort()).toEqual(refs.map((r) => `🛒 New order ${r}`).sort());
  });

  it('takes over the alerts of a worker that died holding them, once their claim has run out', async () => {
    await queueOrders(2);
    await db.execute(
      sql`update owner_alerts set status = 'sending', attempts = 1, locked_until = now() - interval '1 second'`,
    );
    expect(await deliverAll()).toBe(2);
    expect(texts()).toHaveLength(2);
  });

  it('marks waiting alerts skipped when no bot is configured, so none is sent later as old news', async () => {
    await queueOrders(2);
    expect(await skipWaitingAlerts(db)).toBe(2);
    expect(await deliverAll()).toBe(0);
    expect(texts()).toEqual([]);
  });
});
