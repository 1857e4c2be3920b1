// Owner alerts through the alert outbox to a local fake of the Bot API: each kind queued with its cause and sent
// once, nothing lost while the Bot API is down, retry_after honoured, two workers never send one alert twice, a
// kind switched off sends nothing, and no message carries a secret of the order, the customer or the store.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { OwnerAlertSettings } from '../../../shared/owner-alerts.ts';
import { connectDatabase } from '../../db/client.ts';
import { quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { FAKE_BOT_TOKEN } from '../../test/fake-telegram.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { ownerAlerts } from './alerts.tables.ts';
import { deliverDueAlerts, skipWaitingAlerts } from './deliver-alerts.ts';
import { ownerAlertsTestKit } from '../../test/kits/owner-alerts-kit.ts';

const {
  telegram,
  app,
  db,
  database,
  sender,
  admin,
  deliverAll,
  makeDue,
  texts,
  putSettings,
  allOn,
  buy,
} = await ownerAlertsTestKit();

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
