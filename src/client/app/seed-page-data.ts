// Puts the data a server-rendered page was rendered with into a query cache, under the keys the pages read,
// so that the first render (on the server, then the hydrating one in the browser) shows the same content.
import type { QueryClient } from '@tanstack/react-query';
import { catalogueMessages } from '../../shared/catalogue.ts';
import { PAGE_DATA_ELEMENT_ID, type KeyedRead, type PageData } from '../../shared/page-data.ts';
import { meQueryKey } from '../lib/use-me.ts';
import { accountQueryKey } from '../lib/queries/use-account.ts';
import { catalogueQueryKey } from '../lib/queries/use-catalogue.ts';
import { categoryQueryKey } from '../features/catalogue/api/use-category.ts';
import { ApiError } from '../lib/api.ts';
import { siteInfoQueryKey } from '../lib/use-site-info.ts';

export function seedPageData(client: QueryClient, data: PageData): void {
  client.setQueryData(siteInfoQueryKey, data.site);
  // Who the server rendered the page for: the navbar and the Buy buttons read it, so the first render (and the
  // hydrating one) already shows the signed-in user's page, and a visitor's page asks /api/me nothing.
  client.setQueryData(meQueryKey, data.me ?? null);
  if (data.catalogue) client.setQueryData(catalogueQueryKey, data.catalogue);
  if (data.category)
    seedKeyed(
      client,
      categoryQueryKey(data.category.id),
      data.category,
      catalogueMessages.categoryNotFound,
    );
  if (data.account)
    seedKeyed(
      client,
      accountQueryKey(data.account.id),
      data.account,
      catalogueMessages.productNotFound,
    );
}

/** A found read becomes data; a 404 becomes the same settled error the API's answer would have given. */
function seedKeyed<T>(
  client: QueryClient,
  queryKey: readonly unknown[],
  read: KeyedRead<T>,
  message: string,
): void {
  if (read.value !== null) {
    client.setQueryData(queryKey, read.value);
    return;
  }
  const query = client.getQueryCache().build(client, { queryKey });
  query.setState({
    status: 'error',
    error: new ApiError(404, 'NOT_FOUND', message),
    errorUpdatedAt: Date.now(),
    fetchFailureCount: 1,
  });
}

/** The PageData the server embedded in this document, if it rendered it. */
export function readEmbeddedPageData(): PageData | null {
  const text = document.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return null;
  }
}
