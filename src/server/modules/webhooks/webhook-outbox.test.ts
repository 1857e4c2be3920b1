// Signed webhooks (docs/decisions/024): each event of a purchase, a top-up credit and a report's resolution reaches
// the customer's receiver signed and verifiable, through an outbox that retries with backoff, loses nothing, posts
// each delivery once with two workers at it, keeps a log the customer sees with Resend, and never connects to a
// private address in production, also when the name resolves to one only at delivery time (pinned connection).
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS } from '../../../shared/webhooks.ts';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { insertGroupWithStock, testCipher } from '../../test/stock-helpers.ts';
import { readOrderItems } from '../reports/read-order-items.ts';
import { deliverDueWebhooks } from './deliver-webhooks.ts';
import { enqueueWebhookEvent } from './enqueue-webhook-event.ts';
import { pruneDeliveredWebhooks } from './remove-webhook.ts';
import { webhookDeliveries, webhookEndpoints } from './webhooks.tables.ts';
import { webhooksTestKit } from '../../test/kits/webhooks-kit.ts';

const { resolve, app, db, hooks, receiver, shop, verified, customerWithHook, deliveriesOf } =
  await webhooksTestKit();

describe('the outbox', () => {
  it('retries a refused delivery with backoff, the same event and body each time, until the receiver takes it', async () => {
    const buyer = await customerWithHook();
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
    await shop.buy(buyer.cookie, group.id);
    receiver.answerWith(500);
    const before = receiver.received.length;
    try {
      await app.deliverWebhooks();
    } finally {
      receiver.answerWith(200);
    }
    const [failed] = (await hooks.list(buyer.cookie)).deliveries;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    const wait = Date.parse(failed!.nextAttemptAt!) - Date.now();
    expect(wait).toBeGreaterThan(20_000); // 30 s after the first failure
    expect(await app.deliverWebhooks()).toBe(0); // not due yet
    await db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, failed!.id));
    await app.deliverWebhooks();
    const [first, second] = receiver.received.slice(before);
    expect(second!.body).toBe(first!.body);
    expect(verified(second!, buyer.secret).id).toBe(verified(first!, buyer.secret).id);
    expect((await hooks.list(buyer.cookie)).deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
    });
  });

  it('gives up after the last attempt, and Resend sends it once more; another customer cannot resend it', async () => {
    const buyer = await customerWithHook();
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
    await shop.buy(buyer.cookie, group.id);
    const [row] = await deliveriesOf(buyer.user.id);
    await db
      .update(webhookDeliveries)
      .set({ attempts: WEBHOOK_MAX_ATTEMPTS - 1 })
      .where(eq(webhookDeliveries.id, row!.id));
    receiver.answerWith(503);
    try {
      await app.deliverWebhooks();
    } finally {
      receiver.answerWith(200);
    }
    const [gaveUp] = (await hooks.list(buyer.cookie)).deliveries;
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS });
    const stranger = await quickCustomer(db);
    expect((await hooks.resend(stranger.cookie, row!.id)).statusCode).toBe(404);
    const resent = await hooks.resend(buyer.cookie, row!.id);
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await hooks.resend(buyer.cookie, row!.id)).statusCode).toBe(409); // already queued
    const before = receiver.received.length;
    await app.deliverWebhooks();
    expect(receiver.received.length - before).toBe(1);
    expect((await hooks.list(buyer.cookie)).deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: WEBHOOK_MAX_ATTEMPTS + 1,
    });
  });

  it('two workers on a backlog of 60 post each delivery exactly once', async () => {
    const buyer = await customerWithHook();
    const subjects = Array.from({ length: 60 }, () => crypto.randomUUID());
    for (const subjectId of subjects)
      await enqueueWebhookEvent(db, {
        userId: buyer.user.id,
        type: 'topup.credited',
        subjectId,
        data: {
          topup: {
            reference: subjectId,
            amountKobo: 100,
            status: 'completed',
            createdAt: new Date().toISOString(),
            completedAt: new Date().toISOString(),
          },
          balanceKobo: 100,
        },
      });
    receiver.delayAnswers(20);
    const before = receiver.received.length;
    // Small claims, so the workers' rounds interleave over the backlog.
    const worker = async () => {
      const deps = {
        db,
        cipher: testCipher,
        policy: { allowLoopback: true },
        resolve,
        orderItems: readOrderItems,
      };
      while ((await deliverDueWebhooks({ ...deps, warrantyHours: 48, batch: 7 })) > 0);
    };
    try {
      await Promise.all([worker(), worker()]);
    } finally {
      receiver.delayAnswers(0);
    }
    const ids = receiver.received.slice(before).map((r) => JSON.parse(r.body).id as string);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const rows = await deliveriesOf(buyer.user.id);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
  });

  it("deleting the account removes the person's endpoints and their queued deliveries", async () => {
    const { user, cookie } = await signedInUser(app, db);
    await hooks.register(cookie, receiver.url);
    await enqueueWebhookEvent(db, {
      userId: user.id,
      type: 'report.resolved',
      subjectId: crypto.randomUUID(),
      data: {
        report: {
          id: crypto.randomUUID(),
          orderId: crypto.randomUUID(),
          username: 'x',
          status: 'rejected',
          rejectReason: 'no',
          refundKobo: null,
          resolvedAt: new Date().toISOString(),
        },
      },
    });
    expect(await deliveriesOf(user.id)).toHaveLength(1);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/me/delete',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { password: user.password, shownBalanceKobo: 0 },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await deliveriesOf(user.id)).toHaveLength(0);
    expect(
      await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id)),
    ).toEqual([]);
  });

  it('pruning deletes deliveries delivered over a month ago, and keeps newer and failed ones', async () => {
    const buyer = await customerWithHook();
    const group = await insertGroupWithStock(db, { accounts: 3, priceKobo: 10_000 });
    for (let i = 0; i < 3; i++) await shop.buy(buyer.cookie, group.id);
    const [old, recent, failed] = await deliveriesOf(buyer.user.id);
    const longAgo = new Date(Date.now() - 31 * 24 * 3600_000);
    await db
      .update(webhookDeliveries)
      .set({ status: 'delivered', deliveredAt: longAgo })
      .where(eq(webhookDeliveries.id, old!.id));
    await db
      .update(webhookDeliveries)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(eq(webhookDeliveries.id, recent!.id));
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', createdAt: longAgo })
      .where(eq(webhookDeliveries.id, failed!.id));
    expect(await pruneDeliveredWebhooks(db)).toBe(1);
    expect((await deliveriesOf(buyer.user.id)).map((d) => d.id).sort()).toEqual(
      [recent!.id, failed!.id].sort(),
    );
  });

  it('a claim whose process died is taken again once it lapses, and not before', async () => {
    const buyer = await customerWithHook();
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
    await shop.buy(buyer.cookie, group.id);
    const [row] = await deliveriesOf(buyer.user.id);
    // Another process claimed it (attempt 1) and died: its claim still holds for a while.
    await db
      .update(webhookDeliveries)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '30 seconds'` })
      .where(eq(webhookDeliveries.id, row!.id));
    expect(await app.deliverWebhooks()).toBe(0);
    await db
      .update(webhookDeliveries)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.id, row!.id));
    const before = receiver.received.length;
    expect(await app.deliverWebhooks()).toBe(1);
    expect(receiver.received.length - before).toBe(1);
    const [after] = await deliveriesOf(buyer.user.id);
    expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it("a removed endpoint's queued deliveries are never sent", async () => {
    const buyer = await customerWithHook();
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
    await shop.buy(buyer.cookie, group.id);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/me/webhooks/${buyer.endpoint.id}`,
      headers: { cookie: buyer.cookie, ...SAME_ORIGIN },
    });
    expect(removed.statusCode).toBe(200);
    expect(await deliveriesOf(buyer.user.id)).toHaveLength(0);
  });
});
