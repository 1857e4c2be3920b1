// The invariants of purchases from suppliers (issue 54, docs/decisions/034), part of the one ledger check
// (check-ledger.ts): each purchase's status goes with its order's, a delivered one holds its accounts, a refused one
// gave all the money back once, and no order of ours is left processing without one. Plain SQL on the
// tables by name: the wallet does not import the suppliers module.
import { sql, type SQL } from 'drizzle-orm';

export const supplierPurchaseChecks: { invariant: string; query: SQL }[] = [
  {
    invariant:
      "every purchase from a supplier is in its order's state (pending: processing, delivered: completed, refused: failed)",
    query: sql`select u.id, u.status, o.status as order_status from upstream_purchases u join orders o on o.id = u.order_id
               where o.status <> case u.status when 'pending' then 'processing' when 'delivered' then 'completed'
                                              else 'failed' end
                  or o.quantity <> u.quantity`,
  },
  {
    // Our own stock's orders are completed in the purchase's transaction: only a supplier's product waits. (Failed
    // orders without one exist: the original store's, with no money and no accounts.)
    invariant: 'every processing order has its purchase from a supplier',
    query: sql`select o.id from orders o
               where o.status = 'processing'
                 and not exists (select 1 from upstream_purchases u where u.order_id = o.id)`,
  },
  {
    // The debit was written with the order; a free order moves no money.
    invariant: 'every order bought from a supplier has its purchase ledger row for its amount',
    query: sql`select o.id, o.amount_kobo, t.amount_kobo as debit from orders o
               join upstream_purchases u on u.order_id = o.id
               left join transactions t on t.order_id = o.id and t.type = 'purchase' and t.status = 'completed'
               where case when o.amount_kobo = 0 then t.id is not null else t.id is null or t.amount_kobo <> -o.amount_kobo end`,
  },
  {
    // Delivered: the supplier's accounts, sold to our order (the order's own check counts them: completed orders).
    invariant:
      'every delivered purchase from a supplier has its order completed with its quantity of accounts',
    query: sql`select u.id, u.quantity, count(a.id)::int as accounts from upstream_purchases u
               left join individual_accounts a on a.order_id = u.order_id and a.status in ('sold', 'replaced', 'refunded')
               where u.status = 'delivered' group by u.id having count(a.id) < u.quantity`,
  },
  {
    invariant:
      'every refused purchase from a supplier refunded its whole order once, to its buyer, and nothing else did',
    query: sql`select o.id, u.status, count(t.id)::int as refunds, coalesce(sum(t.amount_kobo), 0)::bigint as refunded
               from orders o left join upstream_purchases u on u.order_id = o.id
               left join transactions t on t.order_id = o.id and t.type = 'refund' and t.report_id is null
                                       and t.status = 'completed' and t.user_id = o.user_id
               where u.status = 'refused' or t.id is not null
               group by o.id, u.status, o.amount_kobo
               having u.status is distinct from 'refused'
                   or count(t.id) <> case when o.amount_kobo = 0 then 0 else 1 end
                   or coalesce(sum(t.amount_kobo), 0) <> o.amount_kobo`,
  },
];
