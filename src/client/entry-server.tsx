// The server-render bundle's entry (`vite build --ssr`, into dist/server/): renders a public page to HTML with
// the same components the browser hydrates, from the data the server read (PageData), in a cache of its own.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import type { RenderPage } from '../shared/page-data.ts';
import { App } from './app/app.tsx';
import { preloadFirstPage } from './app/routes.tsx';
import { seedPageData } from './app/seed-page-data.ts';
import { StoreIdentityContext } from './lib/store-identity.ts';
import { HeadContext } from './lib/use-document-title.ts';

export const renderPage: RenderPage = async (url, data) => {
  await preloadFirstPage(new URL(url, 'http://localhost').pathname);
  // Nothing is fetched here: what the page reads is in the cache, and what is not stays in its loading state.
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  seedPageData(client, data);
  let head: { title?: string; description?: string } = {};
  // The async render waits for every lazy part (page chunks, the data layer, islands), so the HTML is the finished
  // page, in place: no part sent hidden with an inline script to reveal it (the CSP forbids those).
  const html = await renderToStringAsync(
    (
      <HeadContext value={(asked) => (head = asked)}>
        <StoreIdentityContext
          value={{ storeName: data.site.storeName, logoUrl: data.site.logoUrl }}
        >
          <QueryClientProvider client={client}>
            <App router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />
          </QueryClientProvider>
        </StoreIdentityContext>
      </HeadContext>
    ) as unknown as VNode,
  );
  client.clear();
  return { html, title: head.title ?? data.site.storeName, description: head.description };
};
