// The store's money and stock invariants as one checker: run after integration tests and by
// `npm run check:ledger` against any database. An empty list means every invariant holds.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supplierPurchaseChecks } from './check-supplier-purchases.ts';

export type Violation = { invariant: string; detail: Record<string, unknown> };

const checks: { invariant: string; query: ReturnType<typeof sql> }[] = [
  {
    invariant: 'wallet balance equals the sum of its completed ledger rows',
    query: sql`select u.id, u.wallet_balance_kobo as balance, coalesce(sum(t.amount_kobo) filter (where t.status = 'completed'), 0)::bigint as ledger
               from users u left join transactions t on t.user_id = u.id
               group by u.id having u.wallet_balance_kobo <> coalesce(sum(t.amount_kobo) filter (where t.status = 'completed'), 0)`,
  },
  {
    invariant: 'no wallet balance below zero',
    query: sql`select id, wallet_balance_kobo from users where wallet_balance_kobo < 0`,
  },
  {
    // Replaced and refunded accounts stay on the order they were sold to (history), never on sale again.
    invariant:
      'every sold, replaced or refunded account belongs to exactly one completed order of its group',
    query: sql`select a.id, a.order_id from individual_accounts a left join orders o on o.id = a.order_id
               where a.status in ('sold', 'replaced', 'refunded') and (o.id is null or o.status <> 'completed' or o.product_group_id <> a.product_group_id)`,
  },
  {
    // orders.product_group_id has no foreign key (it locked the group row from every purchase): the order's
    // accounts keep its group (their key refuses the group's deletion), and this check proves it.
    invariant: "every order's product group exists",
    query: sql`select o.id, o.product_group_id from orders o
               where not exists (select 1 from product_groups g where g.id = o.product_group_id)`,
  },
  {
    // A replacement takes the replaced account's place; a refunded account still counts (its money came back).
    invariant: 'every completed order holds exactly its quantity of sold and refunded accounts',
    query: sql`select o.id, o.quantity, count(a.id)::int as accounts from orders o
               left join individual_accounts a on a.order_id = o.id and a.status in ('sold', 'refunded')
               where o.status = 'completed' group by o.id having count(a.id) <> o.quantity`,
  },
  {
    invariant:
      'every replaced account has a replaced report whose replacement was sold to the same order after it',
    query: sql`select a.id from individual_accounts a
               where a.status = 'replaced' and not exists (
                 select 1 from account_reports r join individual_accounts n on n.id = r.replacement_account_id
                 where r.account_id = a.id and r.status = 'replaced' and n.order_id = a.order_id and n.sold_at > a.sold_at
                   and n.status in ('sold', 'replaced', 'refunded'))`,
  },
  {
    invariant:
      "every report's account is in the state its report says (open: sold; replaced; refunded)",
    query: sql`select r.id, r.status, a.status as account_status from account_reports r join individual_accounts a on a.id = r.account_id
               where r.order_id <> a.order_id
                  or (r.status = 'open' and a.status <> 'sold')
                  or (r.status = 'replaced' and a.status <> 'replaced')
                  or (r.status = 'refunded' and a.status <> 'refunded')`,
  },
  {
    // A free account (price 0) moved no money, so its refund writes no ledger row.
    invariant:
      'every refunded account is refunded once, for its share of what its order paid (amount / quantity, rounded down), to its buyer, linked to its order and report',
    query: sql`select a.id, o.id as order_id, count(t.id)::int as refunds, coalesce(sum(t.amount_kobo), 0)::bigint as refunded
               from individual_accounts a join orders o on o.id = a.order_id
               left join account_reports r on r.account_id = a.id and r.status = 'refunded'
               left join transactions t on t.report_id = r.id and t.type = 'refund' and t.status = 'completed' and t.order_id = o.id and t.user_id = o.user_id
               where a.status = 'refunded'
               group by a.id, o.id
               having count(r.id) <> 1
                   or count(t.id) <> case when o.amount_kobo / o.quantity = 0 then 0 else 1 end
                   or coalesce(sum(t.amount_kobo), 0) <> o.amount_kobo / o.quantity`,
  },
  {
    // A refund without a report is a supplier's refusal of the whole order (the invariants at the end).
    invariant: 'every refund ledger row with a report belongs to a refunded report of its order',
    query: sql`select t.id, t.report_id from transactions t left join account_reports r on r.id = t.report_id
               where t.type = 'refund' and t.report_id is not null
                 and (r.id is null or r.status <> 'refunded' or r.order_id <> t.order_id)`,
  },
  {
    // A free product (price 0) moves no money, so its order has no ledger row.
    invariant: 'every completed order has its purchase ledger row for its amount',
    query: sql`select o.id, o.amount_kobo, t.amount_kobo as debit from orders o
               left join transactions t on t.order_id = o.id and t.type = 'purchase' and t.status = 'completed'
               where o.status = 'completed' and (case when o.amount_kobo = 0 then t.id is not null else t.id is null or t.amount_kobo <> -o.amount_kobo end)`,
  },
  {
    // The price an order records adds up (docs/decisions/027): what was paid is the volume price × quantity less
    // the promo code's discount, never below zero, and a discount comes only with a code.
    invariant:
      'every order paid its volume price less its discount, and a discount has its promo code',
    query: sql`select o.id, o.amount_kobo, o.discount_kobo, o.promo_code_id from orders o
               where o.amount_kobo <> (o.account_details->>'price_per_unit_kobo')::bigint * o.quantity - o.discount_kobo
                  or (o.discount_kobo > 0 and o.promo_code_id is null)
                  or o.list_amount_kobo < (o.account_details->>'price_per_unit_kobo')::bigint * o.quantity`,
  },
  {
    // A code without a limit of uses is never written by a purchase (09-redeem-promo-code.sql): its count stays 0.
    invariant: "every promo code's uses are its orders (0 for a code without a limit)",
    query: sql`select p.id, p.uses, (select count(*) from orders o where o.promo_code_id = p.id)::int as orders
                 from promo_codes p
                where p.uses <> case when p.max_uses is null then 0
                                     else (select count(*) from orders o where o.promo_code_id = p.id) end`,
  },
  {
    invariant: 'every completed top-up payment is credited once for its amount',
    query: sql`select p.id, p.amount_kobo, t.amount_kobo as credit from payments p
               left join transactions t on t.payment_id = p.id and t.type = 'topup'
               where (p.status = 'completed') <> (t.id is not null) or (t.id is not null and t.amount_kobo <> p.amount_kobo)`,
  },
  {
    // Referral rewards (referrals/reward-referrer.ts): each reward ledger row is the one reward of a credited
    // top-up of a customer tied (never refused, never themself) to the row's owner, for the reward's amount.
    invariant:
      'every referral reward ledger row is the reward of a credited top-up of a customer tied to its owner',
    query: sql`select t.id, t.user_id, t.amount_kobo, r.payment_id, f.status as tie, p.status as payment
               from transactions t
               left join referral_rewards r on r.transaction_id = t.id
               left join referrals f on f.referee_id = r.referee_id
               left join payments p on p.id = r.payment_id
               where t.type = 'referral_reward'
                 and (r.payment_id is null or r.amount_kobo <> t.amount_kobo or r.referrer_id <> t.user_id
                      or f.status is distinct from 'tied' or f.referrer_id <> r.referrer_id
                      or r.referrer_id = r.referee_id
                      or p.status is distinct from 'completed' or p.user_id <> r.referee_id)`,
  },
  {
    invariant: 'every referral reward has its ledger row of type referral_reward',
    query: sql`select r.payment_id, r.transaction_id from referral_rewards r
               left join transactions t on t.id = r.transaction_id
               where t.id is null or t.type <> 'referral_reward' or t.status <> 'completed'`,
  },
  {
    // Purchases append their change to stock_count_pending and it is folded in right after commit
    // (stock/stock-count.ts), so the count is exact once folded, and exact with its pending changes always.
    // A group sold from a supplier's stock shows the supplier's count (issue 54): it has no accounts of ours.
    invariant: 'stock_count equals the available accounts of each group',
    query: sql`select g.id, g.stock_count, p.pending, a.available from product_groups g
               cross join lateral (select coalesce(sum(delta), 0)::int as pending from stock_count_pending where product_group_id = g.id) p
               cross join lateral (select count(*)::int as available from individual_accounts where product_group_id = g.id and status = 'available') a
               where g.stock_count + p.pending <> a.available
                 and not exists (select 1 from supplier_listings l where l.product_group_id = g.id)`,
  },
  {
    // The purchase's claim searches a group from its claim start (drizzle/0018): an available account older
    // than the start would be sold only once the newer ones ran out.
    invariant: 'no available account is older than its group claim start',
    query: sql`select a.id, a.product_group_id, a.created_at, g.claim_from_created_at, g.claim_from_id
                 from individual_accounts a join product_groups g on g.id = a.product_group_id
                where a.status = 'available' and (a.created_at, a.id) < (g.claim_from_created_at, g.claim_from_id)`,
  },
  {
    // The Overview's rollups (docs/decisions/031-owner-overview.md): every closed hour of sales_hours is exactly the
    // completed orders of that hour and group, and no hour at or after the watermark is rolled yet.
    invariant: 'the sales rollup equals the completed orders of every closed hour',
    query: sql`with w as (select sales_through as through from sales_rollup where id = 1),
               o as (select date_trunc('hour', created_at, 'UTC') as hour, product_group_id, count(*)::int as orders,
                            sum(quantity)::int as units, sum(amount_kobo)::bigint as revenue
                       from orders where status = 'completed' and created_at < (select through from w) group by 1, 2)
               select coalesce(o.hour, s.hour) as hour, coalesce(o.product_group_id, s.product_group_id) as product_group_id,
                      o.orders, s.orders as rolled_orders, o.revenue, s.revenue_kobo as rolled_revenue
                 from o full join sales_hours s on s.hour = o.hour and s.product_group_id = o.product_group_id
                where s.hour >= (select through from w) or o.orders is distinct from s.orders
                   or o.units is distinct from s.units or o.revenue is distinct from s.revenue_kobo`,
  },
  {
    // Each shop day of sales_days is exactly the sum of its closed hours (docs/decisions/031-owner-overview.md).
    invariant: 'the daily sales rollup equals the sum of its closed hours',
    query: sql`with h as (select date_trunc('day', hour, 'Africa/Lagos') as day, product_group_id, sum(orders)::int as orders,
                                 sum(units)::int as units, sum(revenue_kobo)::bigint as revenue
                            from sales_hours group by 1, 2)
               select coalesce(h.day, d.day) as day, coalesce(h.product_group_id, d.product_group_id) as product_group_id,
                      h.orders, d.orders as rolled_orders, h.revenue, d.revenue_kobo as rolled_revenue
                 from h full join sales_days d on d.day = h.day and d.product_group_id = h.product_group_id
                where h.orders is distinct from d.orders or h.units is distinct from d.units
                   or h.revenue is distinct from d.revenue_kobo`,
  },
  {
    invariant:
      'the top-up rollup and its pending changes equal the payments of every hour and status',
    query: sql`with p as (select date_trunc('hour', created_at, 'UTC') as hour, status, count(*)::int as payments,
                                 sum(amount_kobo)::bigint as amount from payments group by 1, 2),
               r as (select hour, status, sum(payments)::int as payments, sum(amount_kobo)::bigint as amount
                       from (select hour, status, payments, amount_kobo from topup_hours
                             union all select hour, status, payments, amount_kobo from topup_hour_changes) x group by 1, 2)
               select coalesce(p.hour, r.hour) as hour, coalesce(p.status, r.status) as status, p.payments,
                      r.payments as rolled_payments, p.amount, r.amount as rolled_amount
                 from p full join r on r.hour = p.hour and r.status = p.status
                where coalesce(p.payments, 0) <> coalesce(r.payments, 0) or coalesce(p.amount, 0) <> coalesce(r.amount, 0)`,
  },
  {
    // Each shop day of topup_days is exactly the sum of its folded hours (the fold writes both in one statement).
    invariant: 'the daily top-up rollup equals the sum of its folded hours',
    query: sql`with h as (select date_trunc('day', hour, 'Africa/Lagos') as day, status, sum(payments)::int as payments,
                                 sum(amount_kobo)::bigint as amount from topup_hours group by 1, 2)
               select coalesce(h.day, d.day) as day, coalesce(h.status, d.status) as status, h.payments,
                      d.payments as rolled_payments, h.amount, d.amount_kobo as rolled_amount
                 from h full join topup_days d on d.day = h.day and d.status = h.status
                where coalesce(h.payments, 0) <> coalesce(d.payments, 0)
                   or coalesce(h.amount, 0) <> coalesce(d.amount_kobo, 0)`,
  },
  ...supplierPurchaseChecks,
];

export async function checkLedger(db: Db): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const { invariant, query } of checks) {
    const result = await db.execute<Record<string, unknown>>(query);
    for (const detail of result.rows.slice(0, 20)) found.push({ invariant, detail });
  }
  return found;
}
