// Fuzzing POST /api/admin/users/:id/adjust with 10,000 generated ids and bodies: never a 5xx, the balance
// moves by exactly the accepted amounts, never below zero, every invariant holds.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { users } from '../../modules/auth/auth.tables.ts';
import { quickAdmin, quickCustomer } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import {
  body,
  expectInvariants,
  jsonText,
  parseBody,
  postRaw,
  RUNS,
  someId,
  orHostile,
  orMoneyLike,
} from './fuzz-helpers.ts';

const { app, db } = await createTestApp();

it(`POST /api/admin/users/:id/adjust: ${RUNS} generated ids and bodies`, async () => {
  const admin = await quickAdmin(db);
  const target = await quickCustomer(db, 50_000);
  let expected = 50_000;
  let accepted = 0;
  const id = someId(8, fc.constant(target.user.id));
  const action = orHostile(9, fc.constantFrom('credit', 'debit'));
  const amount = orMoneyLike(4, fc.integer({ min: 1, max: 100_000 }), 6);
  const reason = orHostile(9, fc.constant('fuzz'));
  const valid = fc.record({
    action: fc.constantFrom('credit', 'debit'),
    amountKobo: fc.oneof(
      fc.integer({ min: 1, max: 100_000 }),
      fc.integer({ min: 1, max: 100_000_000_00 }),
    ),
    reason: fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
      .filter((s) => s.trim() !== ''),
  });
  await fc.assert(
    fc.asyncProperty(
      id,
      body(
        { action: jsonText(action), amountKobo: jsonText(amount), reason: jsonText(reason) },
        valid,
      ),
      async (userId, b) => {
        const res = await postRaw(app, `/api/admin/users/${userId}/adjust`, admin.cookie, b);
        if (res.statusCode !== 200) return;
        const input = parseBody(b.payload);
        const kobo = input['amountKobo'] as number;
        expect(userId).toBe(target.user.id);
        expect(Number.isSafeInteger(kobo) && kobo >= 1).toBe(true);
        expected += input['action'] === 'credit' ? kobo : -kobo;
        expect(res.json().newBalanceKobo).toBe(expected);
        accepted++;
      },
    ),
    { numRuns: RUNS },
  );
  expect(accepted).toBeGreaterThan(RUNS / 50);
  expect(
    (await db.select().from(users).where(eq(users.id, target.user.id)))[0]!.walletBalanceKobo,
  ).toBe(expected);
  await expectInvariants(db);
}, 180_000);
