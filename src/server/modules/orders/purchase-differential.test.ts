// The batch path (purchase_orders()) is never laxer than the single path (purchase_order()): random streams of
// purchases are sent twice, to two databases set up alike: once with the buyers side by side (so that batches
// form) and once one by one (so that none does). Each buyer's requests go in order either way, and the streams
// are built so that no answer depends on the order between buyers (ample stock, sold-out groups empty, named
// accounts out of the claims' reach). Every answer, balance and sold count must then be the same both ways. Each
// rule of the purchase gets its cases: sessions ended, replays and mismatched keys, groups or categories off sale,
// sold-out groups, named accounts (bought twice, too), balances short, quantities outside the group's limits,
// volume prices, and promo codes (windows, scopes, minimums, uses per customer; no limit of uses in all, whose last
// uses would go to whichever buyer came first: pricing.test.ts races for those); then streams of code purchases that
// mostly complete, so that batches decide a code's uses per customer.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { purchaseClient } from '../../test/purchase-helpers.ts';
import { insertGroupWithStock, testCipher } from '../../test/stock-helpers.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { sessions } from '../auth/auth.tables.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';
import { readPromoCodes } from '../promotions/read-promo-codes.ts';
import { promoCodes } from '../promotions/promotions.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { recomputeStockCount } from '../stock/stock-count.ts';

const sideBySide = await createTestApp();
const oneByOne = await createTestApp();
const RUNS = Number(process.env.DIFF_RUNS ?? 30);

type GroupSpec = {
  priceKobo: number;
  /** The group's quantity per order: min, and max over min (null: none). */
  minOrderQuantity: number;
  maxOverMin: number | null;
  soldOut: boolean;
  isActive: boolean;
  categoryActive: boolean;
  named: number;
  /** Volume prices: none, or from 2 and from 4 accounts. */
  tiered: boolean;
};
type CodeSpec = {
  percentOff: number | null;
  amountOffKobo: number | null;
  /** For every product, this stream's group n, or group n's category. */
  scope: { kind: 'all' } | { kind: 'product_group' | 'category'; group: number };
  window: 'open' | 'expired' | 'not_started';
  maxUsesPerCustomer: number | null;
  minOrderKobo: number;
};
type Request = {
  group: number;
  quantity: number;
  /** Buys the named account with this number in its group (quantity 1), when the group has one. */
  named: number | null;
  /** Sends again the key of this earlier request of the same buyer: its body (a replay) or another (a mismatch). */
  again: { of: number; sameBody: boolean } | null;
  /** Uses this stream's code n (n past the last: a code that does not exist). */
  code: number | null;
};
type BuyerSpec = { balanceKobo: number; sessionEnded: boolean; requests: Request[] };
type Stream = { groups: GroupSpec[]; codes: CodeSpec[]; buyers: BuyerSpec[] };

const stream: fc.Arbitrary<Stream> = fc
  .array(
    fc.record({
      priceKobo: fc.constantFrom(0, 50_000, 100_000, 250_000),
      minOrderQuantity: fc.oneof(fc.constant(1), fc.constant(1), fc.integer({ min: 2, max: 3 })),
      maxOverMin: fc.option(fc.integer({ min: 0, max: 2 }), { freq: 2 }),
      soldOut: fc.oneof(...Array.from({ length: 6 }, () => fc.constant(false)), fc.constant(true)),
      isActive: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
      categoryActive: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
      named: fc.integer({ min: 0, max: 2 }),
      tiered: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((groups) =>
    fc.record({
      groups: fc.constant(groups),
      codes: fc.array(
        fc.record({
          percentOff: fc.option(fc.constantFrom(10, 33, 100), { freq: 2 }),
          amountOffKobo: fc.constantFrom(20_000, 400_000),
          scope: fc.oneof(
            fc.constant({ kind: 'all' as const }),
            fc.record({
              kind: fc.constantFrom('product_group' as const, 'category' as const),
              group: fc.integer({ min: 0, max: groups.length - 1 }),
            }),
          ),
          window: fc.constantFrom('open', 'open', 'open', 'expired', 'not_started'),
          maxUsesPerCustomer: fc.option(fc.integer({ min: 1, max: 2 }), { freq: 2 }),
          minOrderKobo: fc.constantFrom(0, 0, 150_000),
        }),
        { maxLength: 3 },
      ),
      buyers: fc.array(
        fc.record({
          balanceKobo: fc.constantFrom(0, 100_000, 300_000, 1_000_000),
          sessionEnded: fc.oneof(
            ...Array.from({ length: 7 }, () => fc.constant(false)),
            fc.constant(true),
          ),
          requests: fc.array(
            fc.record({
              group: fc.integer({ min: 0, max: groups.length - 1 }),
              quantity: fc.integer({ min: 1, max: 4 }),
              named: fc.option(fc.integer({ min: 0, max: 1 }), { freq: 4 }),
              again: fc.option(fc.record({ of: fc.nat(), sameBody: fc.boolean() }), { freq: 4 }),
              // Most without a code; those with one are batched too (purchase_orders() prices and counts it), though
              // few complete there, a stream's codes being mostly refused: pricing.test.ts batches them for sure.
              code: fc.oneof(
                { arbitrary: fc.constant(null), weight: 3 },
                { arbitrary: fc.integer({ min: 0, max: 3 }), weight: 1 },
              ),
            }),
            { minLength: 1, maxLength: 6 },
          ),
        }),
        { minLength: 2, maxLength: 10 },
      ),
    }),
  );

type Shop = {
  groups: { id: string; named: string[] }[];
  codes: string[];
  buyers: { id: string; cookie: string }[];
};

/** The stream's shop in one database: its groups (stock for every request, none when sold out) and buyers. */
async function setUp(db: Db, s: Stream): Promise<Shop> {
  const demand = s.groups.map((_, g) =>
    s.buyers.flatMap((b) => b.requests).reduce((n, r) => n + (r.group === g ? r.quantity : 0), 0),
  );
  const groups = [];
  for (const [g, spec] of s.groups.entries()) {
    const group = await insertGroupWithStock(db, {
      accounts: spec.soldOut ? 0 : demand[g]! + 3,
      priceKobo: spec.priceKobo,
    });
    // Named accounts come after the others (a later created_at): a claim of "any" never reaches them. Each buyer
    // names accounts of their own (named[buyer × named + n]): no two buyers race for one.
    const named: string[] = [];
    if (!spec.soldOut && spec.named > 0) {
      const rows = await db
        .insert(stockAccounts)
        .values(
          Array.from({ length: spec.named * s.buyers.length }, (_, i) => ({
            productGroupId: group.id,
            username: `named_${crypto.randomBytes(3).toString('hex')}_${i}`,
            passwordEnc: testCipher.encrypt('pw'),
            createdAt: new Date(Date.now() + 60_000 + i),
          })),
        )
        .returning({ id: stockAccounts.id });
      named.push(...rows.map((r) => r.id));
      await recomputeStockCount(db, group.id);
    }
    await db
      .update(productGroups)
      .set({
        isActive: spec.isActive,
        minOrderQuantity: spec.minOrderQuantity,
        maxOrderQuantity: spec.maxOverMin === null ? null : spec.minOrderQuantity + spec.maxOverMin,
        volumePrices: spec.tiered
          ? [
              { minQuantity: 2, priceKobo: Math.floor(spec.priceKobo * 0.8) },
              { minQuantity: 4, priceKobo: Math.floor(spec.priceKobo * 0.5) },
            ]
          : [],
      })
      .where(eq(productGroups.id, group.id));
    if (!spec.categoryActive)
      await db
        .update(categories)
        .set({ isActive: false })
        .where(eq(categories.id, group.categoryId));
    groups.push({ id: group.id, named });
  }
  // The codes, named alike in both databases (a tag per stream: codes are unique in a database).
  const tag = codeTag(s);
  const codes = [];
  for (const [c, spec] of s.codes.entries()) {
    const target = spec.scope.kind === 'all' ? null : groups[spec.scope.group]!;
    const hour = 3600_000;
    const [row] = await db
      .insert(promoCodes)
      .values({
        code: `D${tag}C${c}`,
        kind: spec.percentOff === null ? 'fixed' : 'percent',
        percentOff: spec.percentOff,
        amountOffKobo: spec.percentOff === null ? spec.amountOffKobo : null,
        scope: spec.scope.kind,
        productGroupId: spec.scope.kind === 'product_group' ? target!.id : null,
        categoryId:
          spec.scope.kind === 'category'
            ? (await db.select().from(productGroups).where(eq(productGroups.id, target!.id)))[0]!
                .categoryId
            : null,
        startsAt: new Date(Date.now() + (spec.window === 'not_started' ? hour : -2 * hour)),
        endsAt: spec.window === 'expired' ? new Date(Date.now() - hour) : null,
        maxUsesPerCustomer: spec.maxUsesPerCustomer,
        minOrderKobo: spec.minOrderKobo,
      })
      .returning({ code: promoCodes.code });
    codes.push(row!.code);
  }
  const buyers = [];
  for (const spec of s.buyers) {
    const buyer = await quickCustomer(db, spec.balanceKobo);
    if (spec.sessionEnded) await db.delete(sessions).where(eq(sessions.userId, buyer.user.id));
    buyers.push({ id: buyer.user.id, cookie: buyer.cookie });
  }
  return { groups, codes, buyers };
}

const codeTags = new WeakMap<Stream, string>();
function codeTag(s: Stream): string {
  if (!codeTags.has(s)) codeTags.set(s, crypto.randomBytes(4).toString('hex').toUpperCase());
  return codeTags.get(s)!;
}

type Answer = { status: number; code: string; quantity?: number; amountKobo?: number };

/** Runs one buyer's requests in order, each with its own key unless it sends an earlier one's again. */
async function runBuyer(ctx: TestContext, shop: Shop, s: Stream, b: number): Promise<Answer[]> {
  const { buy } = purchaseClient(ctx.app, ctx.db);
  const keys: string[] = [];
  const bodies: object[] = [];
  const answers: Answer[] = [];
  for (const [i, r] of s.buyers[b]!.requests.entries()) {
    const group = shop.groups[r.group]!;
    const perBuyer = s.groups[r.group]!.named;
    const namedId =
      r.named === null || r.named >= perBuyer ? undefined : group.named[b * perBuyer + r.named];
    const promoCode = r.code === null ? {} : { promoCode: shop.codes[r.code] ?? `NOSUCH${r.code}` };
    let body: object = namedId
      ? { productGroupId: group.id, quantity: 1, accountId: namedId, ...promoCode }
      : { productGroupId: group.id, quantity: r.quantity, ...promoCode };
    let key: string = crypto.randomUUID();
    if (r.again && i > 0) {
      const of = r.again.of % i;
      key = keys[of]!;
      if (r.again.sameBody) body = bodies[of]!;
    }
    keys.push(key);
    bodies.push(body);
    const res = await buy(shop.buyers[b]!.cookie, body, key);
    const json = res.json<{
      order?: { quantity: number; amountKobo: number };
      error?: { code: string };
    }>();
    answers.push({
      status: res.statusCode,
      code: json.error?.code ?? 'ok',
      quantity: json.order?.quantity,
      amountKobo: json.order?.amountKobo,
    });
  }
  return answers;
}

/** What a stream left: every answer, each buyer's balance, each group's sold count, each code's uses. */
async function outcome(ctx: TestContext, shop: Shop, answers: Answer[][]) {
  const balances = [];
  const { balanceOf } = purchaseClient(ctx.app, ctx.db);
  for (const b of shop.buyers) balances.push(await balanceOf(b.id));
  const sold = [];
  for (const g of shop.groups) {
    const rows = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockAccounts)
      .where(sql`${stockAccounts.productGroupId} = ${g.id} and ${stockAccounts.status} = 'sold'`);
    sold.push(rows[0]!.n);
  }
  // As the Promotions tab counts them (the check after each test holds each limited code's counter to them).
  const codes = await readPromoCodes(ctx.db);
  const uses = shop.codes.map((code) => codes.find((c) => c.code === code)!.uses);
  return { answers, balances, sold, uses };
}

/**
 * Streams where most purchases with a code can complete (groups on sale and stocked, codes open with no minimum,
 * money enough for a few, sessions open), so that code purchases complete in batches, one buyer's after another's
 * in later batches: the code's uses per customer are then decided in the batch, against the orders before it.
 */
const codeStream: fc.Arbitrary<Stream> = stream.map((s) => {
  const codes: CodeSpec[] = (
    s.codes.length > 0
      ? s.codes
      : [
          {
            percentOff: 10,
            amountOffKobo: null,
            scope: { kind: 'all' },
            window: 'open',
            maxUsesPerCustomer: 1,
            minOrderKobo: 0,
          } satisfies CodeSpec,
        ]
  ).map((c) => ({ ...c, window: 'open' as const, minOrderKobo: 0 }));
  return {
    groups: s.groups.map((g) => ({ ...g, soldOut: false, isActive: true, categoryActive: true })),
    codes,
    buyers: s.buyers.map((b) => ({
      ...b,
      balanceKobo: 1_000_000,
      sessionEnded: false,
      requests: b.requests.map((r) => ({ ...r, code: (r.code ?? r.group) % codes.length })),
    })),
  };
});

/** One stream, sent side by side to one database and one by one to the other: the same outcome. */
async function sameBothWays(s: Stream) {
  const [a, b] = await Promise.all([setUp(sideBySide.db, s), setUp(oneByOne.db, s)]);
  const together = await Promise.all(s.buyers.map((_, i) => runBuyer(sideBySide, a, s, i)));
  const alone: Answer[][] = [];
  for (const i of s.buyers.keys()) alone.push(await runBuyer(oneByOne, b, s, i));
  expect(await outcome(sideBySide, a, together)).toEqual(await outcome(oneByOne, b, alone));
}

describe('the batch path against the single path', () => {
  it('gives every purchase of a random stream the same answer, side by side (batched) and one by one', async () => {
    const before = sideBySide.app.purchases.batcher.stats();
    await fc.assert(fc.asyncProperty(stream, sameBothWays), { numRuns: RUNS });
    // The side-by-side runs did go through the batch path.
    const after = sideBySide.app.purchases.batcher.stats();
    expect(after.completedInBatches - before.completedInBatches).toBeGreaterThan(0);
    expect(after.failedBatches).toBe(before.failedBatches);
  });

  it('gives every purchase with a promo code the same answer, batched and one by one, uses per customer included', async () => {
    const before = sideBySide.app.purchases.batcher.stats();
    await fc.assert(fc.asyncProperty(codeStream, sameBothWays), { numRuns: RUNS });
    const after = sideBySide.app.purchases.batcher.stats();
    expect(after.completedWithCodeInBatches - before.completedWithCodeInBatches).toBeGreaterThan(0);
    expect(after.failedBatches).toBe(before.failedBatches);
  }, 180_000); // time to shrink a failure too (each step sets up two shops)
});
