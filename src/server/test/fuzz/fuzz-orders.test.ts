// Fuzzing POST /api/orders with 10,000 generated bodies and Idempotency-Keys: never a 5xx, only valid
// purchases debit (exactly price × quantity), nothing is oversold, every invariant holds. The reseller API's
// POST /api/v1/orders (an API key, the same purchase verb) gets the same.
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { users } from '../../modules/auth/auth.tables.ts';
import { createApiKey } from '../../modules/auth/api-keys/create-api-key.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { quickCustomer } from '../auth-helpers.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import {
  body,
  expectInvariants,
  hostileText,
  jsonText,
  moneyLike,
  parseBody,
  postRaw,
  RUNS,
} from './fuzz-helpers.ts';

// The key's own rate limit out of the way: the property is about the purchase, not the limit (api-v1.test.ts).
const { app, db } = await createTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: '100000' } });
const idsOf = async (groupId: string) =>
  (
    await db
      .select({ id: stockAccounts.id })
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, groupId))
  ).map((r) => r.id);

const callers = [
  { url: '/api/orders', runs: RUNS, byKey: false },
  { url: '/api/v1/orders', runs: RUNS, byKey: true },
];
it.each(callers)(
  'POST $url: $runs generated bodies and keys',
  async ({ url, runs, byKey }) => {
    const group = await insertGroupWithStock(db, { accounts: 150, priceKobo: 10_000 });
    const other = await insertGroupWithStock(db, { accounts: 5, priceKobo: 10_000 });
    const [accountIds, otherIds] = [await idsOf(group.id), await idsOf(other.id)];
    const { user, cookie: signedIn } = await quickCustomer(db, 1_000_000);
    // By key: no cookie at all, the key in its header (a web session opens no /api/v1 route).
    const cookie = byKey ? '' : signedIn;
    const credentials: Record<string, string> = byKey
      ? {
          authorization: `Bearer ${(await createApiKey(db, user.id, { name: 'fuzz', scopes: ['purchase'] })).secret}`,
        }
      : {};
    const reusedKeys = Array.from({ length: 5 }, () => crypto.randomUUID());
    const groupId = fc.oneof(
      { weight: 6, arbitrary: fc.constant(group.id) },
      fc.constant(other.id),
      fc.uuid(),
      hostileText,
    );
    const quantity = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) }, moneyLike);
    const accountId = fc.oneof(
      fc.constantFrom(...accountIds),
      fc.constantFrom(...otherIds),
      fc.uuid(),
      hostileText,
    );
    const key = fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.uuid() },
        fc.constantFrom(...reusedKeys),
        fc.string({ unit: 'grapheme-ascii', maxLength: 120 }),
      ),
      { nil: undefined, freq: 10 },
    );
    let bought = 0;
    await fc.assert(
      fc.asyncProperty(
        body({
          productGroupId: jsonText(groupId),
          quantity: jsonText(quantity),
          accountId: jsonText(accountId),
        }),
        key,
        async (b, k) => {
          const res = await postRaw(app, url, cookie, b, {
            ...credentials,
            ...(k === undefined ? {} : { 'idempotency-key': k }),
          });
          if (res.statusCode !== 201) return;
          const input = parseBody(b.payload);
          const { order } = res.json();
          expect(
            Number.isInteger(input['quantity']) &&
              (input['quantity'] as number) >= 1 &&
              (input['quantity'] as number) <= 100,
          ).toBe(true);
          expect([order.productGroupId, order.quantity, order.amountKobo]).toEqual([
            input['productGroupId'],
            input['quantity'],
            10_000 * (input['quantity'] as number),
          ]);
          bought += order.quantity;
        },
      ),
      { numRuns: runs },
    );
    // Some inputs must have bought something, or the property proved nothing (fewer at a small FUZZ_RUNS).
    expect(bought).toBeGreaterThan(Math.min(10, Math.floor(runs / 100)));
    expect(
      await db
        .select()
        .from(stockAccounts)
        .where(
          and(
            eq(stockAccounts.status, 'sold'),
            inArray(stockAccounts.productGroupId, [group.id, other.id]),
          ),
        ),
    ).toHaveLength(bought);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]!.walletBalanceKobo).toBe(
      1_000_000 - bought * 10_000,
    );
    await expectInvariants(db);
  },
  180_000,
);
