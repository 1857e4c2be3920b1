// The data a public page renders with, read the way its API route reads it, and the status it answers with:
// an unknown category or a product that is gone (deleted, or its group hidden) is a 404.
import { z } from 'zod';
import type { Me } from '../../../shared/auth.ts';
import type { PageData } from '../../../shared/page-data.ts';
import type { SiteInfo } from '../../../shared/site.ts';
import type { Db } from '../../db/client.ts';
import type { CatalogueCache } from '../catalogue/catalogue-cache.ts';
import { readAccount, readCategory, type StockShown } from '../catalogue/read-catalogue.ts';
import type { PageKind } from './page-kind.ts';

export type RenderablePage = Exclude<PageKind, { kind: 'app' }>;
export type PageSources = {
  db: Db;
  cache: CatalogueCache;
  stockShown: StockShown;
  /** The shop's public facts as they are now (its name and logo are settings, changed at any time). */
  site: () => SiteInfo;
};

// The same limits as the catalogue API's parameters (catalogue.routes.ts).
const categoryId = z.string().min(1).max(100);
const accountId = z.uuid();

export async function loadPageData(
  page: RenderablePage,
  sources: PageSources,
  me: Me | null,
): Promise<{ data: PageData; status: 200 | 404 }> {
  const { data, status } = await loadContent(page, sources);
  return { data: { ...data, me }, status };
}

async function loadContent(
  page: RenderablePage,
  { db, cache, stockShown, site: siteNow }: PageSources,
): Promise<{ data: Omit<PageData, 'me'>; status: 200 | 404 }> {
  const site = siteNow();
  switch (page.kind) {
    case 'marketing':
      return { data: { site }, status: 200 };
    case 'products':
      return { data: { site, catalogue: await cache.read() }, status: 200 };
    case 'category': {
      const value = categoryId.safeParse(page.id).success
        ? await readCategory(db, stockShown, page.id)
        : null;
      return { data: { site, category: { id: page.id, value } }, status: value ? 200 : 404 };
    }
    case 'product': {
      const value = accountId.safeParse(page.id).success
        ? await readAccount(db, stockShown, page.id)
        : null;
      return { data: { site, account: { id: page.id, value } }, status: value ? 200 : 404 };
    }
    case 'unknown':
      return { data: { site }, status: 404 };
  }
}
