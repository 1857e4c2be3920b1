// The contract, from a client's side (issue 53): the client generated from /api/v1/openapi.json (openapi-typescript's
// types, driven by openapi-fetch) meets every answer the document declares, success and error, for every operation,
// against the running server; each answer is checked by ajv against the document (body and declared headers). The
// requests include what a careless client sends: an unknown field, a malformed id, a short Idempotency-Key, an
// empty body and a product id that is no uuid.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import createClient from 'openapi-fetch';
import { afterAll, expect, it } from 'vitest';
import { v1Messages } from '../../../shared/api-v1.ts';
import { apiKeyClient } from '../../test/api-key-helpers.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import type { paths } from '../../../../fixtures/api-v1-client/api-v1.d.ts';
import { openApiContract } from '../../test/openapi-contract.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { orders } from '../orders/orders.tables.ts';

const PER_MINUTE = 20;
const { app, db } = await createTestApp({
  env: { API_KEY_REQUESTS_PER_MINUTE: String(PER_MINUTE) },
});
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
afterAll(() => app.close());
const contract = openApiContract((await app.inject({ url: '/api/v1/openapi.json' })).json());

function clientFor(secret: string | null) {
  const client = createClient<paths>({
    baseUrl: origin,
    headers: secret ? { authorization: `Bearer ${secret}` } : {},
  });
  client.use(contract.middleware);
  return client;
}
type Client = ReturnType<typeof clientFor>;
// A NUL in the query string: the one way a parameterless GET is a bad request (http/validate.ts).
const nul = { query: { probe: '\u0000' } } as never;

/** Every operation once, as this client: the ids and body given. */
async function everyOperation(client: Client, orderId: string, productGroupId: string) {
  const path = { path: { id: orderId } };
  return [
    await client.GET('/api/v1/catalogue'),
    await client.GET('/api/v1/balance'),
    await client.GET('/api/v1/orders'),
    await client.GET('/api/v1/orders/{id}', { params: path }),
    await client.GET('/api/v1/orders/{id}/credentials', { params: path }),
    await client.GET('/api/v1/topups'),
    await client.POST('/api/v1/orders', {
      params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
      body: { productGroupId, quantity: 1 },
    }),
  ];
}

it('meets every documented answer of every operation, each one as the document says, headers included', async () => {
  const { user, cookie } = await quickCustomer(db, 30_000);
  const keys = apiKeyClient(app);
  const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 20_000 });
  const buyer = clientFor((await keys.create(cookie)).secret);
  const key = crypto.randomUUID();
  const buy = (body: { productGroupId: string; quantity: number }, k = key) =>
    buyer.POST('/api/v1/orders', { params: { header: { 'Idempotency-Key': k } }, body });

  // 2xx: a purchase, its retry, and every read.
  const first = await buy({ productGroupId: group.id, quantity: 1 });
  expect([
    first.response.status,
    (await buy({ productGroupId: group.id, quantity: 1 })).response.status,
  ]).toEqual([201, 200]);
  const orderId = first.data!.order.id;
  const reads = await everyOperation(buyer, orderId, group.id);
  expect(reads.slice(0, 6).map((r) => r.response.status)).toEqual([200, 200, 200, 200, 200, 200]);

  // The purchase's own refusals: 409 (the key reused for another body; sold out), 404, 402.
  expect((await buy({ productGroupId: group.id, quantity: 2 })).response.status).toBe(409);
  const missing = await buy(
    { productGroupId: crypto.randomUUID(), quantity: 1 },
    crypto.randomUUID(),
  );
  expect(missing.error!.error.code).toBe('NOT_FOUND');
  const dear = await insertGroupWithStock(db, { accounts: 1, priceKobo: 50_000 });
  expect(
    (await buy({ productGroupId: dear.id, quantity: 1 }, crypto.randomUUID())).response.status,
  ).toBe(402);

  // 400: what a careless client sends (a key of its own: the buyer's minute is nearly used up).
  const careless = clientFor((await keys.create(cookie)).secret);
  const unknown = await careless.POST('/api/v1/orders', {
    params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
    body: { productGroupId: dear.id, quantity: 1, discount: 100 } as never,
  });
  expect(unknown.error!.error.message).toBe(v1Messages.unknownField('discount'));
  const short = await careless.POST('/api/v1/orders', {
    params: { header: { 'Idempotency-Key': 'abc' } },
    body: { productGroupId: group.id, quantity: 1 },
  });
  expect(short.error!.error.message).toBe(v1Messages.idempotencyLength);
  for (const body of [{}, { productGroupId: 'not-a-uuid', quantity: 1 }]) {
    const refused = await careless.POST('/api/v1/orders', {
      params: { header: { 'Idempotency-Key': crypto.randomUUID() } },
      body: body as never,
    });
    expect([refused.response.status, refused.error!.error.message]).toEqual([
      400,
      v1Messages.productIdInvalid,
    ]);
  }
  for (const url of ['/api/v1/orders/{id}', '/api/v1/orders/{id}/credentials'] as const) {
    const malformed = await careless.GET(url, { params: { path: { id: 'not-a-uuid' } } });
    expect([malformed.response.status, malformed.error!.error.message]).toEqual([
      400,
      v1Messages.orderIdInvalid,
    ]);
    expect(
      (await careless.GET(url, { params: { path: { id: crypto.randomUUID() } } })).response.status,
    ).toBe(404);
  }
  for (const url of [
    '/api/v1/catalogue',
    '/api/v1/balance',
    '/api/v1/orders',
    '/api/v1/topups',
  ] as const)
    expect((await careless.GET(url, { params: nul })).response.status).toBe(400);
  const [bought] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id));
  expect(bought!.n).toBe(1); // none of the refused requests bought anything

  // 401 (no key; a key that is not one), 403 (a key without the scope), 429 (a key past its limit).
  for (const r of await everyOperation(clientFor(null), orderId, group.id)) {
    expect(r.response.status).toBe(401);
    expect(r.response.headers.get('www-authenticate')).toBe('Bearer');
  }
  for (const r of await everyOperation(clientFor('rk_not-a-key'), orderId, group.id))
    expect(r.response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  const readOnly = clientFor((await keys.create(cookie, ['read'])).secret);
  const purchaseOnly = clientFor((await keys.create(cookie, ['purchase'])).secret);
  expect((await everyOperation(readOnly, orderId, group.id))[6]!.response.status).toBe(403);
  const noRead = await everyOperation(purchaseOnly, orderId, group.id);
  expect(noRead.slice(0, 6).map((r) => r.response.status)).toEqual([403, 403, 403, 403, 403, 403]);
  const busy = clientFor((await keys.create(cookie, ['read', 'purchase'])).secret);
  for (let i = 0; i < PER_MINUTE; i++) await busy.GET('/api/v1/balance');
  for (const r of await everyOperation(busy, orderId, group.id)) {
    expect(r.response.status).toBe(429);
    const retryAfter = Number(r.response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  expect(contract.problems()).toEqual([]);
  expect(contract.unmet()).toEqual([]);
});
