// A sweep of every /api route with generated path parameters, query strings and bodies (NUL, lone
// surrogates, traversal, huge, unicode), as admin, customer and anonymous: the answer is never a 5xx.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { quickAdmin, quickCustomer, SAME_ORIGIN } from '../auth-helpers.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { createApiKey } from '../../modules/auth/api-keys/create-api-key.ts';
import { expectInvariants, pathSegment } from './fuzz-helpers.ts';

const SWEEP_RUNS = 3_000;
const { app, db } = await createTestApp({
  env: {
    PAYMENT_WEBHOOK_TOKEN: 'sweep-webhook-token-0123456789',
    API_KEY_REQUESTS_PER_MINUTE: '100000',
  },
});
const admin = await quickAdmin(db);
const customer = await quickCustomer(db, 100_000);
const group = await insertGroupWithStock(db, { accounts: 3 });
// A reseller key of the customer: it must open /api/v1 only, and nothing it meets may answer 5xx.
const key = (
  await createApiKey(db, customer.user.id, { name: 'sweep', scopes: ['read', 'purchase'] })
).secret;

const segment = fc.oneof(
  fc.uuid(),
  fc.constantFrom(group.id, group.categoryId, 'sweep-webhook-token-0123456789'),
  fc.string({ unit: 'binary', maxLength: 30 }).map(pathSegment),
  fc.constantFrom(
    '%00',
    '%ED%A0%80',
    '%C0%AF',
    '..',
    '%2e%2e',
    '%2F',
    'null',
    '0',
    '-1',
    '1e3',
    '%20',
    'x'.repeat(300),
  ),
);
const query = fc.option(
  fc
    .dictionary(
      fc.constantFrom('search', 'status', 'productGroupId', 'limit', 'offset', 'format', 'x'),
      fc.string({ unit: 'binary', maxLength: 20 }),
      { maxKeys: 3 },
    )
    .map((q) =>
      Object.entries(q)
        .map(([k, v]) => `${k}=${pathSegment(v)}`)
        .join('&'),
    ),
  { nil: undefined },
);
const payload = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
  fc
    .string({ unit: 'binary', maxLength: 50 })
    .map((s) => JSON.stringify({ name: s, status: s, amountKobo: s, code: s })),
);

it(`answers every /api route with generated parameters without a 5xx (${SWEEP_RUNS} requests)`, async () => {
  const routes = app.apiRoutes;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      fc.array(segment, { minLength: 3, maxLength: 3 }),
      query,
      payload,
      fc.constantFrom('admin', 'customer', 'anonymous', 'key'),
      async (route, segs, q, body, who) => {
        let i = 0;
        const url = route.url.replace(/:[A-Za-z]+/g, () => segs[i++]!) + (q ? `?${q}` : '');
        const cookie =
          route.url === '/api/auth/logout' || who === 'anonymous' || who === 'key'
            ? undefined
            : who === 'admin'
              ? admin.cookie
              : customer.cookie;
        const mutating = route.method !== 'GET';
        const res = await app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(who === 'key' ? { authorization: `Bearer ${key}` } : {}),
            ...(mutating
              ? {
                  ...SAME_ORIGIN,
                  'content-type': 'application/json',
                  'idempotency-key': 'sweep-key-123',
                }
              : {}),
          },
          ...(mutating ? { payload: body } : {}),
        });
        expect(res.statusCode, `${route.method} ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(
          500,
        );
      },
    ),
    { numRuns: SWEEP_RUNS },
  );
  await expectInvariants(db);
}, 180_000);
