// Public catalogue API: the products page, a category page and the single-account page.
import type { FastifyInstance } from 'fastify';
import {
  accountResponseSchema,
  catalogueResponseSchema,
  categoryResponseSchema,
  type AccountResponse,
  type CatalogueResponse,
  type CategoryResponse,
} from '../../../shared/catalogue-answers.ts';
import { catalogueMessages } from '../../../shared/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { parseId } from '../../http/params.ts';
import type { CatalogueCache } from './catalogue-cache.ts';
import { readAccount, readCategory, type StockShown } from './read-catalogue.ts';
import { answers } from '../../http/response-schemas.ts';

export function catalogueRoutes(
  app: FastifyInstance,
  { db, cache, stockShown }: { db: Db; cache: CatalogueCache; stockShown: StockShown },
): void {
  app.get(
    '/api/catalogue',
    { config: { access: 'public' }, ...answers({ 200: catalogueResponseSchema }) },
    async (_req, reply): Promise<CatalogueResponse> => {
      reply.header('cache-control', 'no-cache');
      return cache.read();
    },
  );

  app.get(
    '/api/catalogue/categories/:id',
    { config: { access: 'public' }, ...answers({ 200: categoryResponseSchema }) },
    async (req): Promise<CategoryResponse> => {
      const id = parseId(req.params, catalogueMessages.categoryNotFound, 'slug');
      const found = await readCategory(db, stockShown, id);
      if (!found) throw notFound(catalogueMessages.categoryNotFound);
      return found;
    },
  );

  app.get(
    '/api/catalogue/accounts/:id',
    { config: { access: 'public' }, ...answers({ 200: accountResponseSchema }) },
    async (req): Promise<AccountResponse> => {
      const found = await readAccount(
        db,
        stockShown,
        parseId(req.params, catalogueMessages.productNotFound),
      );
      if (!found) throw notFound(catalogueMessages.productNotFound);
      return found;
    },
  );
}
