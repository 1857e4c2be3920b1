// What a look at a supplier found, written in one transaction: its products as they are now (a product gone from its
// catalogue is kept, not offered, with no stock), our balance there, and each of our groups listed from it: its
// stock is the supplier's (never more than the supplier says) and, at a markup, its price follows the supplier's.
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { V1Balance, V1Catalogue } from '../../../shared/api-v1.ts';
import { supplierListings, supplierProducts, suppliers } from './suppliers.tables.ts';

export async function saveSupplierCatalogue(
  tx: Tx,
  supplierId: string,
  { catalogue, balance }: { catalogue: V1Catalogue; balance: V1Balance },
): Promise<void> {
  const categories = new Map(catalogue.categories.map((c) => [c.id, c.name]));
  for (const p of catalogue.products)
    await tx
      .insert(supplierProducts)
      .values({
        supplierId,
        upstreamId: p.id,
        name: p.name,
        categoryName: categories.get(p.categoryId) ?? p.categoryName,
        priceKobo: p.priceKobo,
        stockCount: p.stockCount,
        minOrderQuantity: p.minOrderQuantity,
        maxOrderQuantity: p.maxOrderQuantity,
      })
      .onConflictDoUpdate({
        target: [supplierProducts.supplierId, supplierProducts.upstreamId],
        set: {
          name: p.name,
          categoryName: categories.get(p.categoryId) ?? p.categoryName,
          priceKobo: p.priceKobo,
          stockCount: p.stockCount,
          minOrderQuantity: p.minOrderQuantity,
          maxOrderQuantity: p.maxOrderQuantity,
          offered: true,
          refreshedAt: sql`now()`,
        },
      });
  const offered = catalogue.products.map((p) => p.id);
  await tx
    .update(supplierProducts)
    .set({ offered: false, stockCount: 0, refreshedAt: sql`now()` })
    .where(
      and(
        eq(supplierProducts.supplierId, supplierId),
        offered.length ? notInArray(supplierProducts.upstreamId, offered) : undefined,
      ),
    );
  // Our listed groups follow: the supplier's stock, and at a markup the supplier's price plus it, rounded up.
  await tx.execute(sql`
    update product_groups g
       set stock_count = p.stock_count,
           price_kobo = case when l.markup_basis_points is null then g.price_kobo
                             else ceil(p.price_kobo * (10000 + l.markup_basis_points) / 10000.0)::bigint end,
           updated_at = now()
      from ${supplierListings} l join ${supplierProducts} p on p.id = l.supplier_product_id
     where l.product_group_id = g.id and p.supplier_id = ${supplierId}
       and (g.stock_count, g.price_kobo) is distinct from
           (p.stock_count, case when l.markup_basis_points is null then g.price_kobo
                                else ceil(p.price_kobo * (10000 + l.markup_basis_points) / 10000.0)::bigint end)`);
  await tx
    .update(suppliers)
    .set({
      status: 'ok',
      lastError: null,
      balanceKobo: balance.balanceKobo,
      lastCheckedAt: sql`now()`,
    })
    .where(eq(suppliers.id, supplierId));
}
