// Admin API for product templates (product groups): list, create, edit, archive, restore, delete.
import type { FastifyInstance } from 'fastify';
import {
  adminMessages,
  templateInputSchema,
  templateUpdateSchema,
  type AdminCatalogue,
  type AdminResult,
  type AdminTemplate,
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
import { readAdminCatalogue } from './read-admin-catalogue.ts';

export function adminTemplateRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.get(
    '/api/admin/catalogue',
    { config: { access: 'admin' } },
    async (): Promise<AdminCatalogue> => readAdminCatalogue(db),
  );

  app.post(
    '/api/admin/templates',
    { config: { access: 'admin' } },
    async (req, reply): Promise<AdminResult<AdminTemplate>> => {
      const input = parseInput(templateInputSchema, req.body);
      const item = await createProductGroup(db, currentUser(req), input);
      reply.status(201);
      return { message: adminMessages.templateCreated, item };
    },
  );

  app.patch(
    '/api/admin/templates/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminResult<AdminTemplate>> => {
      const id = parseId(req.params, adminMessages.templateNotFound);
      const input = parseInput(templateUpdateSchema, req.body);
      const item = await updateProductGroup(db, currentUser(req), id, input);
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
        const id = parseId(req.params, adminMessages.templateNotFound);
        const item = await setProductGroupActive(db, currentUser(req), id, isActive);
        return { message, item };
      },
    );
  }

  app.delete(
    '/api/admin/templates/:id',
    { config: { access: 'admin' } },
    async (req): Promise<AdminResult> => {
      const id = parseId(req.params, adminMessages.templateNotFound);
      await deleteProductGroup(db, currentUser(req), id);
      return { message: adminMessages.templateDeleted };
    },
  );
}
