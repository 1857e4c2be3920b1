// A supplier's product put on sale as a product group of our own: our name, category and price (fixed, or the
// supplier's price plus a markup, rounded up to the kobo), its stock the supplier's. One transaction, audited.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  markedUpPriceKobo,
  supplierMessages,
  type ListSupplierProduct,
} from '../../../shared/suppliers.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { supplierListings, supplierProducts } from './suppliers.tables.ts';

export async function listSupplierProduct(
  db: Db,
  actor: AuditActor,
  ids: { supplierId: string; productId: string },
  input: ListSupplierProduct,
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [product] = await tx
        .select()
        .from(supplierProducts)
        .where(eq(supplierProducts.id, ids.productId));
      if (!product || product.supplierId !== ids.supplierId)
        throw notFound(supplierMessages.productNotFound);
      // Our own catalogue's rows, by name: suppliers sits above catalogue (ADR 019) and reads no table of its.
      const { rows: category } = await tx.execute(
        sql`select 1 from categories where id = ${input.categoryId}`,
      );
      if (!category.length) throw badRequest('Choose a category.');
      const markup = input.priceRule === 'markup' ? input.markupBasisPoints : null;
      const priceKobo =
        input.priceRule === 'markup'
          ? markedUpPriceKobo(product.priceKobo, input.markupBasisPoints)
          : input.priceKobo;
      const { rows: inserted } = await tx.execute<{ id: string }>(sql`
        insert into product_groups (category_id, name, price_kobo, stock_count, min_order_quantity, max_order_quantity)
        values (${input.categoryId}, ${input.name}, ${priceKobo}, ${product.offered ? product.stockCount : 0},
                ${product.minOrderQuantity}, ${product.maxOrderQuantity})
        returning id`);
      const group = inserted[0];
      await tx.insert(supplierListings).values({
        productGroupId: group!.id,
        supplierProductId: product.id,
        markupBasisPoints: markup,
      });
      await recordAudit(
        tx,
        actor,
        'supplier.list_product',
        { type: 'product_group', id: group!.id },
        {
          supplierProduct: product.name,
          name: input.name,
          priceKobo,
          markupBasisPoints: markup,
        },
      );
      return group!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'supplier_listings_product_key'))
      throw conflict(supplierMessages.alreadyListed);
    throw err;
  }
}
