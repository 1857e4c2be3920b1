// What the server hands a server-rendered page: the data it rendered with, embedded in the HTML as an inert
// JSON block so that the browser hydrates with the same answers instead of asking again.
import type { Me } from './auth.ts';
import type { AccountResponse, CatalogueResponse, CategoryResponse } from './catalogue.ts';
import type { SiteInfo } from './site.ts';

/** The id of the `<script type="application/json">` block that carries PageData. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** A catalogue read keyed by the id in the URL; `value: null` when the server answered 404 for it. */
export type KeyedRead<T> = { id: string; value: T | null };

export type PageData = {
  site: SiteInfo;
  /**
   * Who the page was rendered for: the signed-in user the request's session names, or null for a visitor. The page
   * shows that user's version from the first byte (navbar, Buy Now), and the browser starts from the same answer.
   */
  me: Me | null;
  catalogue?: CatalogueResponse;
  category?: KeyedRead<CategoryResponse>;
  account?: KeyedRead<AccountResponse>;
};

/** What the server-render bundle (src/client/entry-server.tsx) exports; the server loads it at run time. */
export type RenderedPage = { html: string; title: string; description: string | undefined };
export type RenderPage = (url: string, data: PageData) => Promise<RenderedPage>;
