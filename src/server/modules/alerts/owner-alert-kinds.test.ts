// Owner alerts through the alert outbox to a local fake of the Bot API: each kind queued with its cause and sent
// once, nothing lost while the Bot API is down, retry_after honoured, two workers never send one alert twice, a
// kind switched off sends nothing, and no message carries a secret of the order, the customer or the store.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { FAKE_BOT_TOKEN, FAKE_CHAT_ID } from '../../test/fake-telegram.ts';
import { insertGroupWithStock, testCipher } from '../../test/stock-helpers.ts';
import { deliverDueEmails } from '../mail/deliver-emails.ts';
import { emailOutbox } from '../mail/mail.tables.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import type { MailTransport } from '../mail/transports.ts';
import { payments } from '../payments/payments.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { ownerAlerts } from './alerts.tables.ts';
import { ownerAlertsTestKit } from '../../test/kits/owner-alerts-kit.ts';

const { telegram, ercas, app, db, shop, reports, deliverAll, texts, alertsOf, buy } =
  await ownerAlertsTestKit();

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
