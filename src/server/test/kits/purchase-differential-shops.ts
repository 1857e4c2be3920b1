// The shops purchase-differential.test.ts runs a stream against, each buyer's run and the outcome compared.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quickCustomer } from '../auth-helpers.ts';
import { purchaseClient } from '../purchase-helpers.ts';
import { insertGroupWithStock, testCipher } from '../stock-helpers.ts';
import { type TestContext } from '../test-app.ts';
import { sessions } from '../../modules/auth/auth.tables.ts';
import { categories, productGroups } from '../../modules/catalogue/catalogue.tables.ts';
import { readPromoCodes } from '../../modules/promotions/read-promo-codes.ts';
import { promoCodes } from '../../modules/promotions/promotions.tables.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { recomputeStockCount } from '../../modules/stock/stock-count.ts';

import type { Stream } from './purchase-differential-streams.ts';

export type Shop = {
  groups: { id: string; named: string[] }[];
  codes: string[];
  buyers: { id: string; cookie: string }[];
};

/** The stream's shop in one database: its groups (stock for every request, none when sold out) and buyers. */
export async function setUp(db: Db, s: Stream): Promise<Shop> {
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

export type Answer = { status: number; code: string; quantity?: number; amountKobo?: number };

/** Runs one buyer's requests in order, each with its own key unless it sends an earlier one's again. */
export async function runBuyer(
  ctx: TestContext,
  shop: Shop,
  s: Stream,
  b: number,
): Promise<Answer[]> {
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
export async function outcome(ctx: TestContext, shop: Shop, answers: Answer[][]) {
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
