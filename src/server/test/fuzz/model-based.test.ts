// Model-based test (fast-check commands): top-ups, purchases (at volume prices, with or without a promo code),
// retried purchases, admin credits and debits, restocks, reports resolved by replacement, refund or rejection, and
// the referral programme switched on and off run against the real app; after every command the store equals a tiny
// model. In each run customer 1 was brought by customer 0 (tied) and customer 2's sign-up through 0's link was
// refused: 0 earns 5% (rounded down) of 1's first 3 credited top-ups while the programme is on, never anything for 2's.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickCustomer, signedInUser } from '../auth-helpers.ts';
import { createInstantProvider } from '../instant-provider.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { productGroups } from '../../modules/catalogue/catalogue.tables.ts';
import { promoCodes } from '../../modules/promotions/promotions.tables.ts';
import { checkLedger } from '../../modules/wallet/check-ledger.ts';
import { referrals } from '../../modules/referrals/referrals.tables.ts';
import { storeCommands } from '../kits/store-commands.ts';
import { CODE_PERCENT, CODE_USES, type Model, type Real } from '../kits/store-model.ts';

const RUNS = Number(process.env['FUZZ_RUNS']) || 1000;
const { app, db } = await createTestApp({ deps: { paymentProvider: createInstantProvider() } });
const admin = await signedInUser(app, db, { isAdmin: true });
const { TopUp, Purchase, Adjust, Restock, ReportAndResolve, SwitchReferrals, switchReferrals } =
  storeCommands(app, db, admin);

describe('the store behaves like its model', () => {
  it(`matches the model after every command, over ${RUNS} runs`, async () => {
    let runs = 0;
    const keyPool = fc.constantFrom(...Array.from({ length: 6 }, () => crypto.randomUUID()));
    const commands = [
      fc.tuple(fc.nat(2), fc.integer({ min: 100, max: 20_000 })).map(([u, n]) => new TopUp(u, n)),
      fc
        .tuple(fc.nat(2), fc.nat(1), fc.integer({ min: 1, max: 4 }), keyPool, fc.boolean())
        .map(([u, g, q, k, c]) => new Purchase(u, g, q, k, c)),
      fc
        .tuple(
          fc.nat(2),
          fc.constantFrom('credit' as const, 'debit' as const),
          fc.integer({ min: 1, max: 30_000 }),
        )
        .map(([u, a, n]) => new Adjust(u, a, n)),
      fc.tuple(fc.nat(1), fc.integer({ min: 1, max: 5 })).map(([g, n]) => new Restock(g, n)),
      fc
        .tuple(
          fc.nat(2),
          fc.nat(5),
          fc.constantFrom('replace' as const, 'refund' as const, 'reject' as const),
        )
        .map(([u, p, a]) => new ReportAndResolve(u, p, a)),
      fc.boolean().map((on) => new SwitchReferrals(on)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 8 }), async (cmds) => {
        const r: Real = {
          users: await Promise.all(
            [0, 1, 2].map(async () => {
              const c = await quickCustomer(db);
              return { id: c.user.id, cookie: c.cookie };
            }),
          ),
          groups: [
            (await insertGroupWithStock(db, { accounts: 3, priceKobo: 150_000 })).id,
            (await insertGroupWithStock(db, { accounts: 1, priceKobo: 0 })).id,
          ],
          code: `MODEL${crypto.randomBytes(5).toString('hex').toUpperCase()}`,
        };
        await db.insert(referrals).values([
          { refereeId: r.users[1]!.id, referrerId: r.users[0]!.id, status: 'tied' },
          {
            refereeId: r.users[2]!.id,
            referrerId: r.users[0]!.id,
            status: 'refused',
            refusal: 'same_address',
          },
        ]);
        await switchReferrals(true);
        await db
          .update(productGroups)
          .set({
            volumePrices: [
              { minQuantity: 2, priceKobo: 120_000 },
              { minQuantity: 3, priceKobo: 99_999 },
            ],
          })
          .where(eq(productGroups.id, r.groups[0]!));
        await db.insert(promoCodes).values({
          code: r.code,
          kind: 'percent',
          percentOff: CODE_PERCENT,
          scope: 'all',
          maxUses: CODE_USES,
          maxUsesPerCustomer: 1,
        });
        // Keys are per run: a key reused across runs would belong to another customer's order.
        const m: Model = {
          balances: [0, 0, 0],
          stock: [3, 1],
          prices: [150_000, 0],
          tiers: [
            [
              [3, 99_999],
              [2, 120_000],
            ],
            [],
          ],
          orders: new Map(),
          topups: [0, 0, 0],
          referrerOf: [null, 0, null],
          isProgrammeOn: true,
          paid: new Map(),
          codeUses: 0,
          codeUsesBy: [0, 0, 0],
        };
        await fc.asyncModelRun(() => ({ model: m, real: r }), cmds);
        // The whole-database invariants, every 100 runs (they scan every table, which grows with each run).
        if (++runs % 100 === 0) expect(await checkLedger(db)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
    expect(await checkLedger(db)).toEqual([]);
  }, 600_000);
});
