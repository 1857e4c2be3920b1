// Admin API for product templates (product groups): list, create, edit, archive, restore, delete.
import type { FastifyInstance } from 'fastify';
import {
  adminCatalogueSchema,
  adminItemResultSchema,
  adminProductGroupSchema,
  adminResultSchema,
  adminMessages,
  productGroupInputSchema,
  productGroupUpdateSchema,
  type AdminCatalogue,
  type AdminResult,
  type AdminProductGroup,
} from '../../../shared/admin-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseId } from '../../http/params.ts';
import { parseInput } from '../../http/validate.ts';
import {
  createProductGroup,
  deleteProductGroup,
  setProductGroupActive,
  updateProductGroup,
} from './edit-product-groups.ts';
import { readAdminCatalogue, type StockFigures } from './read-admin-catalogue.ts';
import { answers } from '../../http/response-schemas.ts';

const productGroupResult = adminItemResultSchema(adminProductGroupSchema);
export function adminProductGroupRoutes(
  app: FastifyInstance,
  { db, stockFigures }: { db: Db; stockFigures: StockFigures },
): void {
  app.get(
    '/api/admin/catalogue',
    { config: { access: 'admin' }, ...answers({ 200: adminCatalogueSchema }) },
    async (): Promise<AdminCatalogue> => readAdminCatalogue(db, stockFigures),
  );

  app.post(
    '/api/admin/product-groups',
    { config: { access: 'admin' }, ...answers({ 201: productGroupResult }) },
    async (req, reply): Promise<AdminResult<AdminProductGroup>> => {
      const input = parseInput(productGroupInputSchema, req.body);
      const item = await createProductGroup(db, stockFigures, currentUser(req), input);
      reply.status(201);
      return { message: adminMessages.productGroupCreated, item };
    },
  );

  app.patch(
    '/api/admin/product-groups/:id',
    { config: { access: 'admin' }, ...answers({ 200: productGroupResult }) },
    async (req): Promise<AdminResult<AdminProductGroup>> => {
      const id = parseId(req.params, adminMessages.productGroupNotFound);
      const input = parseInput(productGroupUpdateSchema, req.body);
      const item = await updateProductGroup(db, stockFigures, currentUser(req), id, input);
      return { message: adminMessages.productGroupUpdated, item };
    },
  );

  for (const [verb, isActive, message] of [
    ['archive', false, adminMessages.productGroupArchived],
    ['restore', true, adminMessages.productGroupRestored],
  ] as const) {
    app.post(
      `/api/admin/product-groups/:id/${verb}`,
      { config: { access: 'admin' }, ...answers({ 200: productGroupResult }) },
      async (req): Promise<AdminResult<AdminProductGroup>> => {
        const id = parseId(req.params, adminMessages.productGroupNotFound);
        const item = await setProductGroupActive(db, stockFigures, currentUser(req), id, isActive);
        return { message, item };
      },
    );
  }

  app.delete(
    '/api/admin/product-groups/:id',
    { config: { access: 'admin' }, ...answers({ 200: adminResultSchema }) },
    async (req): Promise<AdminResult> => {
      const id = parseId(req.params, adminMessages.productGroupNotFound);
      await deleteProductGroup(db, stockFigures, currentUser(req), id);
      return { message: adminMessages.productGroupDeleted };
    },
  );
}
