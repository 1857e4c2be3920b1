// Admin changes to product groups (the console's "product templates"): create, edit, archive or restore,
// and delete (SPEC.md §5: refused while orders or accounts reference it; only active ones). Each change and
// its audit line in one transaction. The deletion's check is the foreign keys (ADR 019): the catalogue
// reads neither the orders nor the stock.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  adminMessages,
  type AdminProductGroup,
  type productGroupInputSchema,
} from '../../../shared/admin-catalogue.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../db/pg-errors.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { changes, recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { categories, productGroups } from './catalogue.tables.ts';
import { loadProductGroup, type StockFigures } from './read-admin-catalogue.ts';

type ProductGroupInput = z.output<typeof productGroupInputSchema>;

export function createProductGroup(
  db: Db,
  stockFigures: StockFigures,
  actor: AuditActor,
  input: ProductGroupInput,
): Promise<AdminProductGroup> {
  return db.transaction(async (tx) => {
    await assertCategory(tx, input.categoryId);
    const [row] = await tx
      .insert(productGroups)
      .values({
        categoryId: input.categoryId,
        name: input.productName,
        description: input.description,
        priceKobo: input.priceKobo!,
        features: input.features,
        minOrderQuantity: input.minOrderQuantity,
        maxOrderQuantity: input.maxOrderQuantity,
        volumePrices: input.volumePrices,
        stockCount: 0,
        isActive: true,
      })
      .returning({ id: productGroups.id });
    await recordAudit(
      tx,
      actor,
      'product_group.create',
      { type: 'product_group', id: row!.id },
      input,
    );
    return loadProductGroup(tx, stockFigures, row!.id);
  });
}

export function updateProductGroup(
  db: Db,
  stockFigures: StockFigures,
  actor: AuditActor,
  id: string,
  input: ProductGroupInput,
): Promise<AdminProductGroup> {
  return db.transaction(async (tx) => {
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
        minOrderQuantity: input.minOrderQuantity,
        maxOrderQuantity: input.maxOrderQuantity,
        volumePrices: input.volumePrices,
        updatedAt: new Date(),
      })
      .where(eq(productGroups.id, id))
      .returning({ id: productGroups.id });
    if (!changed.length) throw notFound(adminMessages.productGroupNotFound);
    const { name, description, priceKobo, categoryId, features } = before!;
    const { minOrderQuantity, maxOrderQuantity, volumePrices } = before!;
    await recordAudit(
      tx,
      actor,
      'product_group.update',
      { type: 'product_group', id },
      changes(
        {
          name,
          description,
          priceKobo,
          categoryId,
          features,
          minOrderQuantity,
          maxOrderQuantity,
          volumePrices,
        },
        {
          name: input.productName,
          description: input.description,
          priceKobo: input.priceKobo,
          categoryId: input.categoryId,
          features: input.features,
          minOrderQuantity: input.minOrderQuantity,
          maxOrderQuantity: input.maxOrderQuantity,
          volumePrices: input.volumePrices,
        },
      ),
    );
    return loadProductGroup(tx, stockFigures, id);
  });
}

/** Archive (isActive false) or restore (true): an archived group leaves the shop but keeps its history. */
export function setProductGroupActive(
  db: Db,
  stockFigures: StockFigures,
  actor: AuditActor,
  id: string,
  isActive: boolean,
): Promise<AdminProductGroup> {
  return db.transaction(async (tx) => {
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
    if (!changed.length) throw notFound(adminMessages.productGroupNotFound);
    await recordAudit(
      tx,
      actor,
      isActive ? 'product_group.restore' : 'product_group.archive',
      { type: 'product_group', id },
      { before: { isActive: before?.isActive }, after: { isActive } },
    );
    return loadProductGroup(tx, stockFigures, id);
  });
}

export function deleteProductGroup(
  db: Db,
  stockFigures: StockFigures,
  actor: AuditActor,
  id: string,
): Promise<void> {
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select()
      .from(productGroups)
      .where(eq(productGroups.id, id))
      .for('update');
    if (!group) throw notFound(adminMessages.productGroupNotFound);
    if (!group.isActive) throw conflict(adminMessages.deleteArchived);
    // The foreign keys of the orders and the accounts are the check. In a savepoint, so that the
    // transaction can still ask which answer applies: PostgreSQL reports one key (the accounts', whose
    // trigger fires first), and a group with orders has accounts too (each order holds its accounts).
    try {
      await tx.transaction((sp) => sp.delete(productGroups).where(eq(productGroups.id, id)));
    } catch (err) {
      if (!isForeignKeyViolation(err)) throw err;
      const figures = (await stockFigures(tx, [id])).get(id);
      throw conflict(
        figures?.ordered || !figures?.accounts
          ? adminMessages.deleteHasOrders
          : adminMessages.deleteHasAccounts,
      );
    }
    await recordAudit(
      tx,
      actor,
      'product_group.delete',
      { type: 'product_group', id },
      { name: group.name },
    );
  });
}

async function assertCategory(tx: Tx, categoryId: string): Promise<void> {
  const [found] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!found) throw badRequest(adminMessages.categoryNotFound);
}
