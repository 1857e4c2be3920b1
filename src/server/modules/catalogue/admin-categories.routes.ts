// Admin API for categories: create (id is the slug of the name), edit, activate or deactivate, delete.
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminMessages,
  categoryInputSchema,
  categorySlug,
  categoryUpdateSchema,
  type AdminCategory,
  type AdminResult,
} from '../../../shared/admin-catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.ts';
import { currentUser } from '../../http/access.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { changes, recordAudit } from '../admin/record-audit.ts';
import { categories, productGroups } from './catalogue.tables.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

export function adminCategoryRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.post(
    '/api/admin/categories',
    { config: { access: 'admin' } },
    async (req, reply): Promise<AdminResult<AdminCategory>> => {
      const input = parseInput(categoryInputSchema, req.body);
      const id = categorySlug(input.name);
      if (!id) throw badRequest('Please use letters or numbers in the category name');
      try {
        const item = await db.transaction(async (tx) => {
          await tx
            .insert(categories)
            .values({ id, name: input.name, description: input.description });
          await recordAudit(
            tx,
            currentUser(req),
            'category.create',
            { type: 'category', id },
            input,
          );
          return loadCategory(tx, id);
        });
        reply.status(201);
        return { message: adminMessages.categoryCreated, item };
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(adminMessages.categoryExists);
        throw err;
      }
    },
  );

  app.patch(
    '/api/admin/categories/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminResult<AdminCategory>> => {
      const { id } = parseInput(idParams, req.params);
      const input = parseInput(categoryUpdateSchema, req.body);
      const item = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(categories)
          .where(eq(categories.id, id))
          .for('update');
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
          currentUser(req),
          'category.update',
          { type: 'category', id },
          changes({ name, description, isActive }, input),
        );
        return loadCategory(tx, id);
      });
      return { message: adminMessages.categoryUpdated, item };
    },
  );

  app.delete(
    '/api/admin/categories/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminResult> => {
      const { id } = parseInput(idParams, req.params);
      try {
        await db.transaction(async (tx) => {
          const [groups] = await tx
            .select({ n: count() })
            .from(productGroups)
            .where(eq(productGroups.categoryId, id));
          if ((groups?.n ?? 0) > 0) throw conflict(adminMessages.categoryHasTemplates);
          const deleted = await tx
            .delete(categories)
            .where(eq(categories.id, id))
            .returning({ id: categories.id });
          if (!deleted.length) throw notFound(adminMessages.categoryNotFound);
          await recordAudit(tx, currentUser(req), 'category.delete', { type: 'category', id });
        });
      } catch (err) {
        // A template created in between: the foreign key refuses, and the answer is the same.
        if (isForeignKeyViolation(err)) throw conflict(adminMessages.categoryHasTemplates);
        throw err;
      }
      return { message: adminMessages.categoryDeleted };
    },
  );
}

function selectCategories(tx: Tx | Db) {
  return tx
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      isActive: categories.isActive,
      templateCount: count(productGroups.id),
    })
    .from(categories)
    .leftJoin(productGroups, eq(productGroups.categoryId, categories.id))
    .groupBy(categories.id)
    .$dynamic();
}

export function listCategories(tx: Tx | Db): Promise<AdminCategory[]> {
  return selectCategories(tx).orderBy(asc(categories.name));
}

export async function loadCategory(tx: Tx | Db, id: string): Promise<AdminCategory> {
  const [row] = await selectCategories(tx).where(eq(categories.id, id));
  if (!row) throw notFound(adminMessages.categoryNotFound);
  return row;
}
