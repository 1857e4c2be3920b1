// The store's money and stock invariants as one checker: run after integration tests and by
// `npm run check:ledger` against any database. An empty list means every invariant holds.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type Violation = { invariant: string; detail: Record<string, unknown> };

const checks: { invariant: string; query: ReturnType<typeof sql> }[] = [
  {
    invariant: 'wallet balance equals the sum of its completed ledger rows',
    query: sql`select u.id, u.wallet_balance_kobo as balance, coalesce(sum(t.amount_kobo) filter (where t.status = 'completed'), 0)::bigint as ledger
               from users u left join transactions t on t.user_id = u.id
               group by u.id having u.wallet_balance_kobo <> coalesce(sum(t.amount_kobo) filter (where t.status = 'completed'), 0)`,
  },
  { invariant: 'no wallet balance below zero', query: sql`select id, wallet_balance_kobo from users where wallet_balance_kobo < 0` },
  {
    invariant: 'every sold account belongs to exactly one completed order of its group',
    query: sql`select a.id, a.order_id from individual_accounts a left join orders o on o.id = a.order_id
               where a.status = 'sold' and (o.id is null or o.status <> 'completed' or o.product_group_id <> a.product_group_id)`,
  },
  {
    invariant: 'every completed order holds exactly its quantity of sold accounts',
    query: sql`select o.id, o.quantity, count(a.id)::int as accounts from orders o
               left join individual_accounts a on a.order_id = o.id and a.status = 'sold'
               where o.status = 'completed' group by o.id having count(a.id) <> o.quantity`,
  },
  {
    // A free product (price 0) moves no money, so its order has no ledger row.
    invariant: 'every completed order has its purchase ledger row for its amount',
    query: sql`select o.id, o.amount_kobo, t.amount_kobo as debit from orders o
               left join transactions t on t.order_id = o.id and t.type = 'purchase' and t.status = 'completed'
               where o.status = 'completed' and (case when o.amount_kobo = 0 then t.id is not null else t.id is null or t.amount_kobo <> -o.amount_kobo end)`,
  },
  {
    invariant: 'every completed top-up payment is credited once for its amount',
    query: sql`select p.id, p.amount_kobo, t.amount_kobo as credit from payments p
               left join transactions t on t.payment_id = p.id and t.type = 'topup'
               where (p.status = 'completed') <> (t.id is not null) or (t.id is not null and t.amount_kobo <> p.amount_kobo)`,
  },
  {
    invariant: 'stock_count equals the available accounts of each group',
    query: sql`select g.id, g.stock_count, count(a.id)::int as available from product_groups g
               left join individual_accounts a on a.product_group_id = g.id and a.status = 'available'
               group by g.id having g.stock_count <> count(a.id)`,
  },
];

export async function checkLedger(db: Db): Promise<Violation[]> {
  const found: Violation[] = [];
  for (const { invariant, query } of checks) {
    const result = await db.execute<Record<string, unknown>>(query);
    for (const detail of result.rows.slice(0, 20)) found.push({ invariant, detail });
  }
  return found;
}
