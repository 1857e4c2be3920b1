// Admin changes to categories: create (the id is the slug of the name), edit (name, description, active),
// and delete (refused while product groups use it). Each change and its audit line in one transaction.
import { count, eq } from 'drizzle-orm';
import {
  adminMessages,
  categorySlug,
  type AdminCategory,
  type categoryInputSchema,
  type categoryUpdateSchema,
} from '../../../shared/admin-catalogue.ts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { changes, recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { categories, productGroups } from './catalogue.tables.ts';
import { loadCategory } from './read-admin-catalogue.ts';

export async function createCategory(
  db: Db,
  actor: AuditActor,
  input: z.output<typeof categoryInputSchema>,
): Promise<AdminCategory> {
  const id = categorySlug(input.name);
  if (!id) throw badRequest('Please use letters or numbers in the category name');
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(categories).values({ id, name: input.name, description: input.description });
      await recordAudit(tx, actor, 'category.create', { type: 'category', id }, input);
      return loadCategory(tx, id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(adminMessages.categoryExists);
    throw err;
  }
}

export function updateCategory(
  db: Db,
  actor: AuditActor,
  id: string,
  input: z.output<typeof categoryUpdateSchema>,
): Promise<AdminCategory> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    const changed = await tx
      .update(categories)
      .set({
        name: input.name,
        description: input.description,
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
      })
      .where(eq(categories.id, id))
      .returning({ id: categories.id });
    if (!changed.length) throw notFound(adminMessages.categoryNotFound);
    const { name, description, isActive } = before!;
    await recordAudit(
      tx,
      actor,
      'category.update',
      { type: 'category', id },
      changes({ name, description, isActive }, input),
    );
    return loadCategory(tx, id);
  });
}

export async function deleteCategory(db: Db, actor: AuditActor, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [groups] = await tx
        .select({ n: count() })
        .from(productGroups)
        .where(eq(productGroups.categoryId, id));
      if ((groups?.n ?? 0) > 0) throw conflict(adminMessages.categoryHasProductGroups);
      const deleted = await tx
        .delete(categories)
        .where(eq(categories.id, id))
        .returning({ id: categories.id });
      if (!deleted.length) throw notFound(adminMessages.categoryNotFound);
      await recordAudit(tx, actor, 'category.delete', { type: 'category', id });
    });
  } catch (err) {
    // A product group created in between: the foreign key refuses, and the answer is the same.
    if (isForeignKeyViolation(err)) throw conflict(adminMessages.categoryHasProductGroups);
    throw err;
  }
}
