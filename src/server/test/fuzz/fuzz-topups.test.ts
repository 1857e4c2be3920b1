// Fuzzing POST /api/wallet/topups with 10,000 generated bodies: never a 5xx, only kobo amounts of whole naira
// from ₦100 to ₦1,000,000 start a checkout (for exactly that amount), nothing is credited, every invariant holds.
import { and, inArray, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { users } from '../../modules/auth/auth.tables.ts';
import { payments } from '../../modules/payments/payments.tables.ts';
import { quickCustomer } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import {
  body,
  expectInvariants,
  instantProvider,
  jsonText,
  parseBody,
  postRaw,
  RUNS,
  orMoneyLike,
} from './fuzz-helpers.ts';

const { app, db } = await createTestApp({ deps: { paymentProvider: instantProvider } });

it(`POST /api/wallet/topups: ${RUNS} generated bodies`, async () => {
  // A customer per body: one customer's top-up starts are limited (TOPUP_LIMITS), the amounts are the point here.
  const customers: string[] = [];
  const amount = orMoneyLike(
    2,
    fc.integer({ min: 100, max: 1_000_000 }).map((n) => n * 100),
    8,
  );
  let started = 0;
  await fc.assert(
    fc.asyncProperty(
      body(
        { amountKobo: jsonText(amount) },
        fc.record({ amountKobo: fc.integer({ min: 100, max: 1_000_000 }).map((n) => n * 100) }),
      ),
      async (b) => {
        const { user, cookie } = await quickCustomer(db);
        customers.push(user.id);
        const res = await postRaw(app, '/api/wallet/topups', cookie, b);
        if (res.statusCode !== 201) return;
        const kobo = parseBody(b.payload)['amountKobo'];
        expect(
          Number.isInteger(kobo) &&
            (kobo as number) % 100 === 0 &&
            (kobo as number) >= 100_00 &&
            (kobo as number) <= 1_000_000_00,
          String(kobo),
        ).toBe(true);
        expect(res.json().amountKobo).toBe(kobo);
        started++;
      },
    ),
    { numRuns: RUNS },
  );
  const rows = await db.select().from(payments).where(inArray(payments.userId, customers));
  expect(rows).toHaveLength(started);
  expect(started).toBeGreaterThan(RUNS / 20);
  expect(
    rows.filter(
      (p) => p.status !== 'pending' || !Number.isSafeInteger(p.amountKobo) || p.amountKobo < 10_000,
    ),
  ).toEqual([]);
  expect(
    await db
      .select()
      .from(users)
      .where(and(inArray(users.id, customers), ne(users.walletBalanceKobo, 0))),
  ).toEqual([]);
  await expectInvariants(db);
}, 180_000);
