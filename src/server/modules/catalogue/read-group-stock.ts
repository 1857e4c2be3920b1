// Every product group's name and the accounts it has for sale now (its count with the changes not yet folded in,
// as the ledger check reads it), for the Overview's stock runway and product names. Inactive groups too: a
// product taken off sale still sold in the period.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type GroupStock = { id: string; name: string; stock: number; isActive: boolean };

export async function readGroupStock(db: Db): Promise<GroupStock[]> {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    stock: number;
    is_active: boolean;
  }>(sql`
    select g.id, g.name, g.is_active,
           g.stock_count + coalesce((select sum(delta) from stock_count_pending p where p.product_group_id = g.id), 0)::int as stock
      from product_groups g`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    stock: Number(r.stock),
    isActive: r.is_active,
  }));
}
