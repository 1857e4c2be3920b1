// Every order for the console: one WHERE clause for the page, the totals and the CSV export, so all three
// always describe the same filtered set. Dates are whole days in Lagos time (UTC+1).
import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_ORDERS_PAGE_SIZE,
  type AdminOrder,
  type AdminOrderList,
  type AdminOrdersQuery,
} from '../../../shared/admin-orders.ts';
import type { Db } from '../../db/client.ts';

const lagosDay = (date: string) => new Date(`${date}T00:00:00+01:00`);

export function adminOrdersWhere(q: Omit<AdminOrdersQuery, 'offset'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(o.id::text like ${`${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or lower(u.email) like ${like}
      or exists (select 1 from individual_accounts a where a.order_id = o.id and lower(a.username) like ${like}))`);
  }
  if (q.status) parts.push(sql`o.status = ${q.status}`);
  if (q.promoCode)
    parts.push(
      sql`o.promo_code_id = (select p.id from promo_codes p where p.code = ${q.promoCode.toUpperCase()})`,
    );
  if (q.category) parts.push(sql`g.category_id = ${q.category}`);
  if (q.from) parts.push(sql`o.created_at >= ${lagosDay(q.from).toISOString()}`);
  if (q.to)
    parts.push(
      sql`o.created_at < ${new Date(lagosDay(q.to).getTime() + 86_400_000).toISOString()}`,
    );
  return sql.join(parts, sql` and `);
}

export const ADMIN_ORDER_COLUMNS = sql`o.id, u.email as customer_email, o.account_details->>'product_name' as product_name, c.name as category_name,
  o.quantity, o.amount_kobo, o.discount_kobo, o.account_details->>'promo_code' as promo_code, o.status, o.created_at,
  coalesce((select sum(t.amount_kobo) from transactions t where t.order_id = o.id and t.type = 'refund' and t.status = 'completed'), 0)::bigint as refunded_kobo,
  array(select a.username from individual_accounts a where a.order_id = o.id order by a.sold_at, a.created_at, a.id) as usernames`;
export const ADMIN_ORDER_FROM = sql`orders o join users u on u.id = o.user_id join product_groups g on g.id = o.product_group_id join categories c on c.id = g.category_id`;

export type AdminOrderRow = {
  id: string;
  customer_email: string;
  product_name: string;
  category_name: string;
  quantity: number;
  amount_kobo: string | number;
  discount_kobo: string | number;
  promo_code: string | null;
  status: AdminOrder['status'];
  created_at: Date | string;
  refunded_kobo: string | number;
  usernames: string[];
};

export function toAdminOrder(r: AdminOrderRow): AdminOrder {
  return {
    id: r.id,
    customerEmail: r.customer_email,
    productName: r.product_name,
    categoryName: r.category_name,
    quantity: r.quantity,
    amountKobo: Number(r.amount_kobo),
    discountKobo: Number(r.discount_kobo),
    promoCode: r.promo_code,
    refundedKobo: Number(r.refunded_kobo),
    status: r.status,
    usernames: r.usernames,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function readAdminOrders(db: Db, q: AdminOrdersQuery): Promise<AdminOrderList> {
  const where = adminOrdersWhere(q);
  const [page, totals] = await Promise.all([
    db.execute<AdminOrderRow>(sql`select ${ADMIN_ORDER_COLUMNS} from ${ADMIN_ORDER_FROM} where ${where}
      order by o.created_at desc, o.id desc limit ${ADMIN_ORDERS_PAGE_SIZE} offset ${q.offset}`),
    db.execute<{ n: number; amount: string; refunded: string; accounts: number }>(sql`
      select count(*)::int as n, coalesce(sum(o.amount_kobo), 0)::bigint as amount, coalesce(sum(o.quantity), 0)::int as accounts,
        coalesce((select sum(t.amount_kobo) from transactions t where t.type = 'refund' and t.status = 'completed'
                  and t.order_id in (select o.id from ${ADMIN_ORDER_FROM} where ${where})), 0)::bigint as refunded
      from ${ADMIN_ORDER_FROM} where ${where}`),
  ]);
  const t = totals.rows[0]!;
  return {
    orders: page.rows.map(toAdminOrder),
    total: t.n,
    offset: q.offset,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
    totals: {
      orders: t.n,
      amountKobo: Number(t.amount),
      refundedKobo: Number(t.refunded),
      accounts: t.accounts,
    },
  };
}
