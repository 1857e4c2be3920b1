// Admin API for product templates (product groups): list, create, edit, archive, restore, delete.
import { asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminMessages,
  templateInputSchema,
  templateUpdateSchema,
  type AdminCatalogue,
  type AdminResult,
  type AdminTemplate,
} from '../../../shared/admin-catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { changes, recordAudit } from '../admin/record-audit.ts';
import { orders } from '../orders/orders.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { listCategories } from './admin-categories.routes.ts';
import { categories, productGroups } from './catalogue.tables.ts';

const idParams = z.object({ id: z.uuid() });

export function adminTemplateRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get(
    '/api/admin/catalogue',
    { config: { access: 'admin' } },
    async (): Promise<AdminCatalogue> => {
      const [cats, templates] = await Promise.all([
        listCategories(db),
        selectTemplates(db).orderBy(asc(productGroups.name)),
      ]);
      return { categories: cats, templates: templates.map(toTemplate) };
    },
  );

  app.post(
    '/api/admin/templates',
    { config: { access: 'admin' } },
    async (req, reply): Promise<AdminResult<AdminTemplate>> => {
      const input = parseInput(templateInputSchema, req.body);
      const item = await db.transaction(async (tx) => {
        await assertCategory(tx, input.categoryId);
        const [row] = await tx
          .insert(productGroups)
          .values({
            categoryId: input.categoryId,
            name: input.productName,
            description: input.description,
            priceKobo: input.priceKobo!,
            features: input.features,
            stockCount: 0,
            isActive: true,
          })
          .returning({ id: productGroups.id });
        await recordAudit(
          tx,
          currentUser(req),
          'template.create',
          { type: 'product_group', id: row!.id },
          input,
        );
        return loadTemplate(tx, row!.id);
      });
      reply.status(201);
      return { message: adminMessages.templateCreated, item };
    },
  );

  app.patch(
    '/api/admin/templates/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminResult<AdminTemplate>> => {
      const { id } = parseTemplateId(req.params);
      const input = parseInput(templateUpdateSchema, req.body);
      const item = await db.transaction(async (tx) => {
        await assertCategory(tx, input.categoryId);
        const [before] = await tx
          .select()
          .from(productGroups)
          .where(eq(productGroups.id, id))
          .for('update');
        const changed = await tx
          .update(productGroups)
          .set({
            name: input.productName,
            description: input.description,
            priceKobo: input.priceKobo!,
            categoryId: input.categoryId,
            features: input.features,
            updatedAt: new Date(),
          })
          .where(eq(productGroups.id, id))
          .returning({ id: productGroups.id });
        if (!changed.length) throw notFound(adminMessages.templateNotFound);
        const { name, description, priceKobo, categoryId, features } = before!;
        await recordAudit(
          tx,
          currentUser(req),
          'template.update',
          { type: 'product_group', id },
          changes(
            { name, description, priceKobo, categoryId, features },
            {
              name: input.productName,
              description: input.description,
              priceKobo: input.priceKobo,
              categoryId: input.categoryId,
              features: input.features,
            },
          ),
        );
        return loadTemplate(tx, id);
      });
      return { message: adminMessages.templateUpdated, item };
    },
  );

  for (const [verb, isActive, message] of [
    ['archive', false, adminMessages.templateArchived],
    ['restore', true, adminMessages.templateRestored],
  ] as const) {
    app.post(
      `/api/admin/templates/:id/${verb}`,
      { config: { access: 'admin' } },
      async (req): Promise<AdminResult<AdminTemplate>> => {
        const { id } = parseTemplateId(req.params);
        const item = await db.transaction(async (tx) => {
          const [before] = await tx
            .select({ isActive: productGroups.isActive })
            .from(productGroups)
            .where(eq(productGroups.id, id))
            .for('update');
          const changed = await tx
            .update(productGroups)
            .set({ isActive, updatedAt: new Date() })
            .where(eq(productGroups.id, id))
            .returning({ id: productGroups.id });
          if (!changed.length) throw notFound(adminMessages.templateNotFound);
          await recordAudit(
            tx,
            currentUser(req),
            `template.${verb}`,
            { type: 'product_group', id },
            { before: { isActive: before?.isActive }, after: { isActive } },
          );
          return loadTemplate(tx, id);
        });
        return { message, item };
      },
    );
  }

  /** SPEC.md §5: refused while orders or accounts reference the template; only active templates. */
  app.delete(
    '/api/admin/templates/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminResult> => {
      const { id } = parseTemplateId(req.params);
      await db.transaction(async (tx) => {
        const [group] = await tx
          .select()
          .from(productGroups)
          .where(eq(productGroups.id, id))
          .for('update');
        if (!group) throw notFound(adminMessages.templateNotFound);
        if (!group.isActive) throw conflict(adminMessages.deleteArchived);
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.productGroupId, id))
          .limit(1);
        if (order) throw conflict(adminMessages.deleteHasOrders);
        const [account] = await tx
          .select({ id: stockAccounts.id })
          .from(stockAccounts)
          .where(eq(stockAccounts.productGroupId, id))
          .limit(1);
        if (account) throw conflict(adminMessages.deleteHasAccounts);
        await tx.delete(productGroups).where(eq(productGroups.id, id));
        await recordAudit(
          tx,
          currentUser(req),
          'template.delete',
          { type: 'product_group', id },
          { name: group.name },
        );
      });
      return { message: adminMessages.templateDeleted };
    },
  );
}

export function parseTemplateId(params: unknown): { id: string } {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound(adminMessages.templateNotFound);
  return parsed.data;
}

async function assertCategory(tx: Tx, categoryId: string): Promise<void> {
  const [found] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!found) throw badRequest(adminMessages.categoryNotFound);
}

function selectTemplates(tx: Tx | Db) {
  const counts = tx
    .select({
      groupId: stockAccounts.productGroupId,
      total: count().as('total'),
      sold: sql<number>`count(*) filter (where ${stockAccounts.status} = 'sold')::int`.as('sold'),
    })
    .from(stockAccounts)
    .groupBy(stockAccounts.productGroupId)
    .as('counts');
  return tx
    .select({
      group: productGroups,
      categoryName: categories.name,
      total: counts.total,
      sold: counts.sold,
    })
    .from(productGroups)
    .innerJoin(categories, eq(categories.id, productGroups.categoryId))
    .leftJoin(counts, eq(counts.groupId, productGroups.id))
    .$dynamic();
}

type TemplateRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>['execute']>>[number];

function toTemplate({ group, categoryName, total, sold }: TemplateRow): AdminTemplate {
  return {
    id: group.id,
    categoryId: group.categoryId,
    categoryName,
    name: group.name,
    description: group.description,
    priceKobo: group.priceKobo,
    features: group.features,
    stockCount: group.stockCount,
    accountCount: total ?? 0,
    soldCount: sold ?? 0,
    isActive: group.isActive,
    createdAt: group.createdAt.toISOString(),
  };
}

export async function loadTemplate(tx: Tx | Db, id: string): Promise<AdminTemplate> {
  const [row] = await selectTemplates(tx).where(eq(productGroups.id, id));
  if (!row) throw notFound(adminMessages.templateNotFound);
  return toTemplate(row);
}
