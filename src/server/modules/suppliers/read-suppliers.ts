// The console's Suppliers view: each supplier (never its key: only the last four characters), our balance there
// and whether it is low, its products as last refreshed, and which of our groups sells each.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Supplier } from '../../../shared/suppliers.ts';
import { supplierListings, supplierProducts, suppliers } from './suppliers.tables.ts';

export async function readSuppliers(db: Db, publicUrl: string): Promise<Supplier[]> {
  const [rows, products] = await Promise.all([
    db.select().from(suppliers).orderBy(asc(suppliers.createdAt)),
    db
      .select({
        product: supplierProducts,
        listing: supplierListings,
        // Our group's name and price, by name: suppliers reads no table of catalogue's through its schema (ADR 019).
        group: {
          id: sql<string | null>`g.id`,
          name: sql<string>`g.name`,
          priceKobo: sql<number>`g.price_kobo`.mapWith(Number),
        },
      })
      .from(supplierProducts)
      .leftJoin(supplierListings, eq(supplierListings.supplierProductId, supplierProducts.id))
      .leftJoin(sql`product_groups g`, sql`g.id = ${supplierListings.productGroupId}`)
      .orderBy(asc(supplierProducts.categoryName), asc(supplierProducts.name)),
  ]);
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    baseUrl: s.baseUrl,
    keyHint: s.keyHint,
    status: s.status,
    lastError: s.lastError,
    balanceKobo: s.balanceKobo,
    lowBalanceKobo: s.lowBalanceKobo,
    balanceLow: s.balanceKobo !== null && s.balanceKobo < s.lowBalanceKobo,
    lastCheckedAt: s.lastCheckedAt?.toISOString() ?? null,
    webhookUrl: `${publicUrl}/api/supplier-webhooks/${s.id}`,
    products: products
      .filter((p) => p.product.supplierId === s.id)
      .map(({ product: p, listing, group }) => ({
        id: p.id,
        upstreamId: p.upstreamId,
        name: p.name,
        categoryName: p.categoryName,
        priceKobo: p.priceKobo,
        stockCount: p.stockCount,
        offered: p.offered,
        listing:
          listing && group.id
            ? {
                productGroupId: group.id,
                name: group.name,
                priceKobo: group.priceKobo,
                priceRule: listing.markupBasisPoints === null ? 'fixed' : 'markup',
                markupBasisPoints: listing.markupBasisPoints,
              }
            : null,
      })),
  }));
}
