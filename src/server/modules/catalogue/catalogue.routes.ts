// Public catalogue API: the products page, a category page and the single-account page.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  catalogueMessages,
  type AccountResponse,
  type CatalogueResponse,
  type CategoryResponse,
} from '../../../shared/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { CatalogueCache } from './catalogue-cache.ts';
import { readAccount, readCategory } from './read-catalogue.ts';

const categoryParams = z.object({ id: z.string().min(1).max(100) });
const accountParams = z.object({ id: z.uuid() });

export function catalogueRoutes(
  app: FastifyInstance,
  { db, cache }: { db: Db; cache: CatalogueCache },
): void {
  app.get(
    '/api/catalogue',
    { config: { access: 'public' } },
    async (_req, reply): Promise<CatalogueResponse> => {
      reply.header('cache-control', 'no-cache');
      return cache.read();
    },
  );

  app.get(
    '/api/catalogue/categories/:id',
    { config: { access: 'public' } },
    async (req): Promise<CategoryResponse> => {
      const params = categoryParams.safeParse(req.params);
      const found = params.success ? await readCategory(db, params.data.id) : null;
      if (!found) throw notFound(catalogueMessages.categoryNotFound);
      return found;
    },
  );

  app.get(
    '/api/catalogue/accounts/:id',
    { config: { access: 'public' } },
    async (req): Promise<AccountResponse> => {
      const params = accountParams.safeParse(req.params);
      const found = params.success ? await readAccount(db, params.data.id) : null;
      if (!found) throw notFound(catalogueMessages.productNotFound);
      return found;
    },
  );
}
