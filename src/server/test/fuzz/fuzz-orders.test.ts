// Fuzzing POST /api/orders with 10,000 generated bodies and Idempotency-Keys: never a 5xx, only valid
// purchases debit (exactly price × quantity), nothing is oversold, every invariant holds.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { users } from '../../modules/auth/auth.tables.ts';
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

const { app, db } = await createTestApp();
const idsOf = async (groupId: string) =>
  (
    await db
      .select({ id: stockAccounts.id })
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, groupId))
  ).map((r) => r.id);

it(`POST /api/orders: ${RUNS} generated bodies and keys`, async () => {
  const group = await insertGroupWithStock(db, { accounts: 150, priceKobo: 10_000 });
  const other = await insertGroupWithStock(db, { accounts: 5, priceKobo: 10_000 });
  const [accountIds, otherIds] = [await idsOf(group.id), await idsOf(other.id)];
  const { user, cookie } = await quickCustomer(db, 1_000_000);
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
        const res = await postRaw(
          app,
          '/api/orders',
          cookie,
          b,
          k === undefined ? {} : { 'idempotency-key': k },
        );
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
    { numRuns: RUNS },
  );
  // Some inputs must have bought something, or the property proved nothing (fewer at a small FUZZ_RUNS).
  expect(bought).toBeGreaterThan(Math.min(10, Math.floor(RUNS / 100)));
  expect(
    await db.select().from(stockAccounts).where(eq(stockAccounts.status, 'sold')),
  ).toHaveLength(bought);
  expect((await db.select().from(users).where(eq(users.id, user.id)))[0]!.walletBalanceKobo).toBe(
    1_000_000 - bought * 10_000,
  );
  await expectInvariants(db);
}, 180_000);
