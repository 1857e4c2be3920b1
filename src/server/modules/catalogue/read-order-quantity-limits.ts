// A product group's quantity per order, for the message of a purchase that broke it (the rule itself is the
// purchase's, in SQL: db/functions/05-order-quantity-allowed.sql).
import { eq } from 'drizzle-orm';
import type { OrderQuantityLimits } from '../../../shared/order-quantity.ts';
import type { Db } from '../../db/client.ts';
import { productGroups } from './catalogue.tables.ts';

export async function readOrderQuantityLimits(
  db: Db,
  productGroupId: string,
): Promise<OrderQuantityLimits> {
  const [limits] = await db
    .select({
      minOrderQuantity: productGroups.minOrderQuantity,
      maxOrderQuantity: productGroups.maxOrderQuantity,
    })
    .from(productGroups)
    .where(eq(productGroups.id, productGroupId));
  return limits ?? { minOrderQuantity: 1, maxOrderQuantity: null };
}
