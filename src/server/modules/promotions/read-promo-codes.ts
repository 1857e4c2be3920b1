// The console's Promotions tab: every code with its terms, its uses, and what its orders brought in. The orders are
// summed here in SQL, by the partial index orders_promo_code_user (one scan per code's own orders).
import { sql } from 'drizzle-orm';
import type { AdminPromoCode } from '../../../shared/promotions.ts';
import type { Db } from '../../db/client.ts';

type Row = {
  id: string;
  code: string;
  kind: AdminPromoCode['kind'];
  percent_off: number | null;
  amount_off_kobo: string | null;
  scope: AdminPromoCode['scope'];
  scope_name: string | null;
  category_id: string | null;
  product_group_id: string | null;
  starts_at: Date | string;
  ends_at: Date | string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  min_order_kobo: string;
  uses: number;
  revenue_kobo: string;
  discount_kobo: string;
  created_at: Date | string;
};

const iso = (d: Date | string) => new Date(d).toISOString();

export async function readPromoCodes(db: Db): Promise<AdminPromoCode[]> {
  const { rows } = await db.execute<Row>(sql`
    select p.id, p.code, p.kind, p.percent_off, p.amount_off_kobo, p.scope,
           coalesce(c.name, g.name) as scope_name, p.category_id, p.product_group_id, p.starts_at, p.ends_at,
           p.max_uses, p.max_uses_per_customer, p.min_order_kobo, coalesce(o.uses, 0)::int as uses,
           coalesce(o.revenue, 0)::bigint as revenue_kobo, coalesce(o.discount, 0)::bigint as discount_kobo,
           p.created_at
      from promo_codes p
      left join categories c on c.id = p.category_id
      left join product_groups g on g.id = p.product_group_id
      left join lateral (select count(*) as uses, sum(o.amount_kobo) as revenue, sum(o.discount_kobo) as discount
                           from orders o where o.promo_code_id = p.id) o on true
     order by p.created_at desc, p.id`);
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    kind: r.kind,
    percentOff: r.percent_off,
    amountOffKobo: r.amount_off_kobo === null ? null : Number(r.amount_off_kobo),
    scope: r.scope,
    scopeName: r.scope_name,
    categoryId: r.category_id,
    productGroupId: r.product_group_id,
    startsAt: iso(r.starts_at),
    endsAt: r.ends_at === null ? null : iso(r.ends_at),
    maxUses: r.max_uses,
    maxUsesPerCustomer: r.max_uses_per_customer,
    minOrderKobo: Number(r.min_order_kobo),
    uses: r.uses,
    revenueKobo: Number(r.revenue_kobo),
    discountKobo: Number(r.discount_kobo),
    createdAt: iso(r.created_at),
  }));
}
