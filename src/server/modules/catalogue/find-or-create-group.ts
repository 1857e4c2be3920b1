// Add Product: which product group a single new account joins. The title picks an active group of the
// category by name; otherwise the account goes to '{Category} - General', created (active, stock 0) when missing.
import { and, eq, sql } from 'drizzle-orm';
import { adminMessages } from '../../../shared/admin-catalogue.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { categories, productGroups } from './catalogue.tables.ts';

export async function findOrCreateProductGroupFor(
  tx: Tx,
  input: { title: string; categoryId: string; priceKobo?: number | undefined },
): Promise<string> {
  const [category] = await tx
    .select()
    .from(categories)
    .where(eq(categories.id, input.categoryId))
    .for('update');
  if (!category) throw badRequest(adminMessages.categoryNotFound);
  const byName = (name: string) =>
    tx
      .select({ id: productGroups.id })
      .from(productGroups)
      .where(
        and(
          eq(productGroups.categoryId, category.id),
          eq(productGroups.isActive, true),
          sql`lower(${productGroups.name}) = lower(${name})`,
        ),
      )
      .limit(1);
  const [titled] = await byName(input.title);
  if (titled) return titled.id;
  const generalName = `${category.name} - General`;
  const [general] = await byName(generalName);
  if (general) return general.id;
  const [created] = await tx
    .insert(productGroups)
    .values({
      categoryId: category.id,
      name: generalName,
      description: input.title,
      priceKobo: input.priceKobo ?? 0,
      stockCount: 0,
      isActive: true,
    })
    .returning({ id: productGroups.id });
  return created!.id;
}
