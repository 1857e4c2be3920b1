// Admin API for categories: create (id is the slug of the name), edit, activate or deactivate, delete.
import type { FastifyInstance } from 'fastify';
import {
  adminCategorySchema,
  adminItemResultSchema,
  adminResultSchema,
  adminMessages,
  categoryInputSchema,
  categoryUpdateSchema,
  type AdminCategory,
  type AdminResult,
} from '../../../shared/admin-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseId } from '../../http/params.ts';
import { parseInput } from '../../http/validate.ts';
import { createCategory, deleteCategory, updateCategory } from './edit-categories.ts';
import { answers } from '../../http/response-schemas.ts';

const categoryResult = adminItemResultSchema(adminCategorySchema);
export function adminCategoryRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.post(
    '/api/admin/categories',
    { config: { access: 'admin' }, ...answers({ 201: categoryResult }) },
    async (req, reply): Promise<AdminResult<AdminCategory>> => {
      const input = parseInput(categoryInputSchema, req.body);
      const item = await createCategory(db, currentUser(req), input);
      reply.status(201);
      return { message: adminMessages.categoryCreated, item };
    },
  );

  app.patch(
    '/api/admin/categories/:id',
    { config: { access: 'admin' }, ...answers({ 200: categoryResult }) },
    async (req): Promise<AdminResult<AdminCategory>> => {
      const id = parseId(req.params, adminMessages.categoryNotFound, 'slug');
      const input = parseInput(categoryUpdateSchema, req.body);
      const item = await updateCategory(db, currentUser(req), id, input);
      return { message: adminMessages.categoryUpdated, item };
    },
  );

  app.delete(
    '/api/admin/categories/:id',
    { config: { access: 'admin' }, ...answers({ 200: adminResultSchema }) },
    async (req): Promise<AdminResult> => {
      const id = parseId(req.params, adminMessages.categoryNotFound, 'slug');
      await deleteCategory(db, currentUser(req), id);
      return { message: adminMessages.categoryDeleted };
    },
  );
}
