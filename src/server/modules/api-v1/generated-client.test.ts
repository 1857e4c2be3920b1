// Done when (issue 42): a client generated from /api/v1/openapi.json by a third-party generator (openapi-typescript's
// types, driven by openapi-fetch) buys an account over HTTP: key → catalogue → the same purchase twice with one
// Idempotency-Key (one order, one debit) → the credentials → the order.completed webhook at a local receiver, its
// signature verified and its body typed by the same generated description.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import createClient from 'openapi-fetch';
import { afterAll, expect, it } from 'vitest';
import { apiKeyClient } from '../../test/api-key-helpers.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import type { paths, webhooks } from '../../../../fixtures/api-v1-client/api-v1.d.ts';
import { startWebhookReceiver, webhookClient } from '../../test/webhook-receiver.ts';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/webhooks.ts';
import { verifyWebhookSignature } from '../webhooks/sign-webhook.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { orders } from '../orders/orders.tables.ts';
import { transactions } from '../wallet/wallet.tables.ts';

const { app, db } = await createTestApp();
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
afterAll(() => app.close());
const receiver = await startWebhookReceiver();
type OrderCompleted =
  webhooks['order.completed']['post']['requestBody']['content']['application/json'];

it('a generated client buys an account: one order for two tries with one Idempotency-Key, reads its credentials, and its webhook arrives signed', async () => {
  const { user, cookie } = await quickCustomer(db, 50_000);
  const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 20_000 });
  const { secret } = await apiKeyClient(app).create(cookie, ['read', 'purchase'], 'Telegram bot');
  const hook = await webhookClient(app).register(cookie, receiver.url, ['order.completed']);
  const client = createClient<paths>({
    baseUrl: origin,
    headers: { authorization: `Bearer ${secret}` },
  });

  const { data: catalogue } = await client.GET('/api/v1/catalogue');
  const product = catalogue!.products.find((p) => p.id === group.id)!;
  expect(product).toMatchObject({ priceKobo: 20_000, stockCount: 2 });

  const idempotencyKey = crypto.randomUUID();
  const buy = () =>
    client.POST('/api/v1/orders', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { productGroupId: product.id, quantity: 1 },
    });
  const first = await buy();
  const second = await buy();
  expect([first.response.status, second.response.status]).toEqual([201, 200]);
  expect(second.data!.order.id).toBe(first.data!.order.id);
  expect(second.data!.balanceKobo).toBe(30_000);
  const [placed] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id));
  const [debits] = await db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.userId, user.id));
  expect([placed!.n, debits!.n]).toEqual([1, 2]); // one order; the funding credit and one debit

  const { data: credentials } = await client.GET('/api/v1/orders/{id}/credentials', {
    params: { path: { id: first.data!.order.id } },
  });
  expect(credentials!.accounts).toHaveLength(1);
  expect(credentials!.accounts[0]!.password).toBeTruthy();

  // The webhook: one delivery for the one order, signed with the endpoint's secret.
  await app.deliverWebhooks();
  expect(receiver.received).toHaveLength(1);
  const [arrived] = receiver.received;
  const signature = arrived!.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
  expect(verifyWebhookSignature(hook.secret, arrived!.body, signature)).toBe(true);
  const event = JSON.parse(arrived!.body) as OrderCompleted;
  expect(event.type).toBe('order.completed');
  expect(event.data.order).toEqual(first.data!.order);

  const { error, response } = await client.GET('/api/v1/balance', {
    headers: { authorization: 'Bearer rk_not-a-key' },
  });
  expect(response.status).toBe(401);
  expect(error!.error.code).toBe('UNAUTHENTICATED');
});
