// The model-based test's commands (fast-check): each runs against the real app, changes the model as the store
// should change, and checks the two still match.
import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { SAME_ORIGIN } from '../auth-helpers.ts';
import type { OrderList } from '../../../shared/orders.ts';
import { users } from '../../modules/auth/auth.tables.ts';
import { productGroups } from '../../modules/catalogue/catalogue.tables.ts';
import { referralRewardKobo } from '../../../shared/referrals.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { CODE_USES, modelPrice, REFERRAL, type Model, type Real } from './store-model.ts';

export function storeCommands(app: FastifyInstance, db: Db, admin: { cookie: string }) {
  const post = (
    url: string,
    cookie: string,
    payload: object,
    headers: Record<string, string> = {},
  ) =>
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
      if (this.action === 'debit' && m.balances[this.user]! < kobo)
        expect(res.statusCode).toBe(409);
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

  return {
    assertMatches,
    TopUp,
    Purchase,
    Adjust,
    Restock,
    ReportAndResolve,
    SwitchReferrals,
    switchReferrals,
  };
}
