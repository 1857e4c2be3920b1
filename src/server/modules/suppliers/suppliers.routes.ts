// The console's Suppliers (admins only): the suppliers with their products, connecting one (its key checked first),
// looking at one again, and putting one of its products on sale as a group of our own.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  connectSupplierSchema,
  listSupplierProductSchema,
  supplierChangeSchema,
  supplierListSchema,
  supplierMessages,
  updateSupplierSchema,
  type SupplierList,
} from '../../../shared/suppliers.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { answers } from '../../http/response-schemas.ts';
import { parseInput } from '../../http/validate.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { connectSupplier } from './connect-supplier.ts';
import { listSupplierProduct } from './list-supplier-product.ts';
import { readSuppliers } from './read-suppliers.ts';
import { checkSupplierWebhook } from './receive-supplier-webhook.ts';
import { refreshSupplier } from './refresh-supplier.ts';
import { updateSupplier } from './update-supplier.ts';

type Deps = {
  db: Db;
  cipher: CredentialCipher;
  publicUrl: string;
  log: { error: (obj: object, msg: string) => void };
};
const received = z.object({ received: z.literal(true) });
const idParams = z.object({ id: z.uuid({ error: supplierMessages.notFound }) });
const productParams = idParams.extend({
  productId: z.uuid({ error: supplierMessages.productNotFound }),
});
const created = supplierChangeSchema.extend({ id: z.uuid() });

export function supplierRoutes(app: FastifyInstance, deps: Deps): void {
  const list = async (): Promise<SupplierList> => ({
    suppliers: await readSuppliers(deps.db, deps.publicUrl),
  });

  app.get(
    '/api/admin/suppliers',
    { config: { access: 'admin' }, ...answers({ 200: supplierListSchema }) },
    list,
  );

  app.post(
    '/api/admin/suppliers',
    { config: { access: 'admin' }, ...answers({ 201: created }) },
    async (req, reply) => {
      const id = await connectSupplier(
        deps,
        currentUser(req),
        parseInput(connectSupplierSchema, req.body),
      );
      return reply.code(201).send({ id, message: supplierMessages.connected, ...(await list()) });
    },
  );

  app.patch(
    '/api/admin/suppliers/:id',
    { config: { access: 'admin' }, ...answers({ 200: supplierChangeSchema }) },
    async (req) => {
      const { id } = parseInput(idParams, req.params);
      await updateSupplier(deps, currentUser(req), id, parseInput(updateSupplierSchema, req.body));
      return { message: supplierMessages.updated, ...(await list()) };
    },
  );

  app.post(
    '/api/admin/suppliers/:id/refresh',
    { config: { access: 'admin' }, ...answers({ 200: supplierChangeSchema }) },
    async (req) => {
      const { id } = parseInput(idParams, req.params);
      if (!(await refreshSupplier(deps, id))) throw notFound(supplierMessages.notFound);
      return { message: supplierMessages.refreshed, ...(await list()) };
    },
  );

  app.post(
    '/api/admin/suppliers/:id/products/:productId/listing',
    { config: { access: 'admin' }, ...answers({ 201: created }) },
    async (req, reply) => {
      const { id, productId } = parseInput(productParams, req.params);
      const groupId = await listSupplierProduct(
        deps.db,
        currentUser(req),
        { supplierId: id, productId },
        parseInput(listSupplierProductSchema, req.body),
      );
      return reply
        .code(201)
        .send({ id: groupId, message: supplierMessages.listed, ...(await list()) });
    },
  );

  // The supplier's server calls this one (no cookie, no Origin): its body is read as text, so the signature is
  // checked over the exact bytes signed. Scoped, so every other route keeps parsing JSON.
  app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/supplier-webhooks/:id',
      { config: { access: 'public' }, ...answers({ 200: received }) },
      async (req) => {
        const { id } = parseInput(idParams, req.params);
        await checkSupplierWebhook(deps, id, String(req.body ?? ''), req.headers);
        // Answered at once (the supplier retries a slow answer); the look runs on its own.
        void refreshSupplier(deps, id).catch((err: unknown) =>
          deps.log.error({ err, supplierId: id }, 'supplier webhook: refresh failed'),
        );
        return { received: true as const };
      },
    );
  });
}
