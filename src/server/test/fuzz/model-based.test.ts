// Model-based test (fast-check commands): top-ups, purchases (at volume prices, with or without a promo code),
// retried purchases, admin credits and debits, restocks, reports resolved by replacement, refund or rejection, and
// the referral programme switched on and off run against the real app; after every command the store equals a tiny
// model. In each run customer 1 was brought by customer 0 (tied) and customer 2's sign-up through 0's link was
// refused: 0 earns 5% (rounded down) of 1's first 3 credited top-ups while the programme is on, never anything for 2's.
import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../auth-helpers.ts';
import { createInstantProvider } from '../instant-provider.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import type { OrderList } from '../../../shared/orders.ts';
import { users } from '../../modules/auth/auth.tables.ts';
import { productGroups } from '../../modules/catalogue/catalogue.tables.ts';
import { promoCodes } from '../../modules/promotions/promotions.tables.ts';
import { checkLedger } from '../../modules/wallet/check-ledger.ts';
import { referrals } from '../../modules/referrals/referrals.tables.ts';
import { referralRewardKobo } from '../../../shared/referrals.ts';

/** The test configuration's defaults: REFERRAL_PERCENT 5, REFERRAL_MAX_TOPUPS 3. */
const REFERRAL = { percent: 5, maxTopups: 3 };

const RUNS = Number(process.env['FUZZ_RUNS']) || 1000;
const { app, db } = await createTestApp({ deps: { paymentProvider: createInstantProvider() } });
const admin = await signedInUser(app, db, { isAdmin: true });

type Model = {
  balances: number[];
  stock: number[];
  prices: number[];
  orders: Map<string, { user: number; group: number; qty: number; code: boolean }>;
  /** Credited top-ups per customer, and who brought each (tied only). */
  topups: number[];
  referrerOf: (number | null)[];
  isProgrammeOn: boolean;
  /** Volume prices of each group: [from quantity, unit price], highest first. */
  tiers: [number, number][][];
  /** What each order paid, by its id (a refund gives back its share). */
  paid: Map<string, { amount: number; qty: number }>;
  /** The run's promo code (10% off, 2 uses in all, 1 per customer): uses in all and by each customer. */
  codeUses: number;
  codeUsesBy: number[];
};
type Real = { users: { id: string; cookie: string }[]; groups: string[]; code: string };

const CODE_PERCENT = 10;
const CODE_USES = 2;
/** The price the model expects: the volume price, then the code (PRICING_RULE, src/shared/volume-prices.ts). */
function modelPrice(m: Model, group: number, qty: number, code: boolean): number {
  const unit = m.tiers[group]!.find(([from]) => qty >= from)?.[1] ?? m.prices[group]!;
  const subtotal = unit * qty;
  return code ? subtotal - Math.floor((subtotal * CODE_PERCENT) / 100) : subtotal;
}

const post = (url: string, cookie: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie, ...SAME_ORIGIN, ...headers }, payload });

async function assertMatches(m: Model, r: Real): Promise<void> {
  const [balances, stock] = await Promise.all([
    db
      .select({ id: users.id, b: users.walletBalanceKobo })
      .from(users)
      .where(
        inArray(
          users.id,
          r.users.map((u) => u.id),
        ),
      ),
    db
      .select({ id: productGroups.id, s: productGroups.stockCount })
      .from(productGroups)
      .where(inArray(productGroups.id, r.groups)),
  ]);
  expect(r.users.map((u) => balances.find((b) => b.id === u.id)?.b)).toEqual(m.balances);
  expect(r.groups.map((g) => stock.find((x) => x.id === g)?.s)).toEqual(m.stock);
}

class TopUp implements fc.AsyncCommand<Model, Real> {
  readonly user: number;
  readonly naira: number;
  constructor(user: number, naira: number) {
    this.user = user;
    this.naira = naira;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    const u = r.users[this.user]!;
    const started = await post('/api/wallet/topups', u.cookie, { amountKobo: this.naira * 100 });
    expect(started.statusCode).toBe(201);
    const check = await app.inject({
      url: `/api/wallet/topups/${started.json().reference}`,
      headers: { cookie: u.cookie },
    });
    expect(check.json().status).toBe('completed');
    m.balances[this.user]! += this.naira * 100;
    const place = ++m.topups[this.user]!;
    const referrer = m.referrerOf[this.user];
    if (
      referrer !== null &&
      referrer !== undefined &&
      m.isProgrammeOn &&
      place <= REFERRAL.maxTopups
    )
      m.balances[referrer]! += referralRewardKobo(this.naira * 100, REFERRAL.percent);
    await assertMatches(m, r);
  }
  toString = () => `TopUp(u${this.user}, ₦${this.naira})`;
}

class Purchase implements fc.AsyncCommand<Model, Real> {
  readonly user: number;
  readonly group: number;
  readonly qty: number;
  readonly key: string;
  readonly code: boolean;
  constructor(user: number, group: number, qty: number, key: string, code: boolean) {
    this.user = user;
    this.group = group;
    this.qty = qty;
    this.key = key;
    this.code = code;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    const u = r.users[this.user]!;
    const res = await post(
      '/api/orders',
      u.cookie,
      {
        productGroupId: r.groups[this.group],
        quantity: this.qty,
        ...(this.code ? { promoCode: r.code } : {}),
      },
      { 'idempotency-key': this.key },
    );
    const cost = modelPrice(m, this.group, this.qty, this.code);
    const earlier = m.orders.get(`${this.user}:${this.key}`);
    if (earlier) {
      // A retry returns the first result; the same key with another body is refused. Nothing changes.
      expect(res.statusCode).toBe(
        earlier.group === this.group && earlier.qty === this.qty && earlier.code === this.code
          ? 200
          : 409,
      );
    } else if (this.code && m.codeUses >= CODE_USES) {
      expect(res.json().error.code).toBe('PROMO_CODE_USED_UP');
    } else if (this.code && m.codeUsesBy[this.user]! >= 1) {
      expect(res.json().error.code).toBe('PROMO_CODE_CUSTOMER_LIMIT');
    } else if (m.stock[this.group]! < this.qty) {
      expect(res.json().error.message).toBe(
        `Only ${m.stock[this.group]} accounts available, but ${this.qty} requested`,
      );
    } else if (m.balances[this.user]! < cost) {
      expect(res.json().error.message).toBe('Insufficient wallet balance');
    } else {
      expect(res.statusCode).toBe(201);
      m.orders.set(`${this.user}:${this.key}`, {
        user: this.user,
        group: this.group,
        qty: this.qty,
        code: this.code,
      });
      expect(res.json().order.amountKobo).toBe(cost);
      m.paid.set(res.json().order.id, { amount: cost, qty: this.qty });
      if (this.code) {
        m.codeUses++;
        m.codeUsesBy[this.user]!++;
      }
      m.balances[this.user]! -= cost;
      m.stock[this.group]! -= this.qty;
    }
    await assertMatches(m, r);
  }
  toString = () =>
    `Purchase(u${this.user}, g${this.group}, ×${this.qty}, ${this.key.slice(0, 4)}${this.code ? ', code' : ''})`;
}

class Adjust implements fc.AsyncCommand<Model, Real> {
  readonly user: number;
  readonly action: 'credit' | 'debit';
  readonly naira: number;
  constructor(user: number, action: 'credit' | 'debit', naira: number) {
    this.user = user;
    this.action = action;
    this.naira = naira;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await post(`/api/admin/users/${r.users[this.user]!.id}/adjust`, admin.cookie, {
      action: this.action,
      amountKobo: this.naira * 100,
      reason: 'model',
    });
    const kobo = this.naira * 100;
    if (this.action === 'debit' && m.balances[this.user]! < kobo) expect(res.statusCode).toBe(409);
    else {
      expect(res.statusCode).toBe(200);
      m.balances[this.user]! += this.action === 'credit' ? kobo : -kobo;
    }
    await assertMatches(m, r);
  }
  toString = () => `Adjust(u${this.user}, ${this.action} ₦${this.naira})`;
}

/** The customer reports the first still-reportable account of one of their orders; an admin resolves it. */
class ReportAndResolve implements fc.AsyncCommand<Model, Real> {
  readonly user: number;
  readonly pick: number;
  readonly action: 'replace' | 'refund' | 'reject';
  constructor(user: number, pick: number, action: 'replace' | 'refund' | 'reject') {
    this.user = user;
    this.pick = pick;
    this.action = action;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    const u = r.users[this.user]!;
    const { orders } = (
      await app.inject({ url: '/api/orders', headers: { cookie: u.cookie } })
    ).json<OrderList>();
    const candidates = orders.flatMap((o) =>
      o.items
        .filter((i) => i.status === 'sold' && i.report?.status !== 'open')
        .map((i) => ({ o, i })),
    );
    if (!candidates.length) return;
    const { o, i } = candidates[this.pick % candidates.length]!;
    const group = r.groups.indexOf(o.productGroupId);
    const filed = await post(`/api/orders/${o.id}/reports`, u.cookie, {
      accountIds: [i.accountId],
      reason: 'wrong_password',
    });
    expect(filed.statusCode).toBe(201);
    const resolved = await post(
      `/api/admin/reports/${filed.json().reportIds[0]}/resolve`,
      admin.cookie,
      { action: this.action, reason: 'model' },
    );
    if (this.action === 'replace' && m.stock[group] === 0) {
      expect(resolved.json().error.code).toBe('NO_REPLACEMENT');
      // Close it, so the account can be reported again by a later command.
      await post(`/api/admin/reports/${filed.json().reportIds[0]}/resolve`, admin.cookie, {
        action: 'reject',
        reason: 'no stock',
      });
    } else {
      expect(resolved.statusCode).toBe(200);
      if (this.action === 'replace') m.stock[group]! -= 1;
      // A refund gives back the account's share of what its order paid, rounded down.
      const paid = m.paid.get(o.id)!;
      if (this.action === 'refund') m.balances[this.user]! += Math.floor(paid.amount / paid.qty);
    }
    await assertMatches(m, r);
  }
  toString = () => `ReportAndResolve(u${this.user}, #${this.pick}, ${this.action})`;
}

class Restock implements fc.AsyncCommand<Model, Real> {
  readonly group: number;
  readonly n: number;
  constructor(group: number, n: number) {
    this.group = group;
    this.n = n;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    const tag = crypto.randomBytes(4).toString('hex');
    const csv = [
      'username,password',
      ...Array.from({ length: this.n }, (_, i) => `r_${tag}_${i},pw${i}`),
    ].join('\n');
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/product-groups/${r.groups[this.group]}/upload`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.json().created).toBe(this.n);
    m.stock[this.group]! += this.n;
    await assertMatches(m, r);
  }
  toString = () => `Restock(g${this.group}, +${this.n})`;
}

class SwitchReferrals implements fc.AsyncCommand<Model, Real> {
  readonly isEnabled: boolean;
  constructor(isEnabled: boolean) {
    this.isEnabled = isEnabled;
  }
  check = () => true;
  async run(m: Model, r: Real) {
    await switchReferrals(this.isEnabled);
    m.isProgrammeOn = this.isEnabled;
    await assertMatches(m, r);
  }
  toString = () => `SwitchReferrals(${this.isEnabled ? 'on' : 'off'})`;
}

async function switchReferrals(isEnabled: boolean) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/admin/referrals/settings',
    headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    payload: { isEnabled },
  });
  expect(res.statusCode, res.body).toBe(200);
}

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
