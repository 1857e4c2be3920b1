// The server-render bundle's entry (`vite build --ssr`, into dist/server/): renders a public page to HTML with
// the same components the browser hydrates, from the data the server read (PageData), in a cache of its own.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
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
  // prerender waits for every lazy part (page chunks, the data layer, islands), so the HTML is the finished page.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <HeadContext value={(asked) => (head = asked)}>
        <StoreIdentityContext
          value={{ storeName: data.site.storeName, logoUrl: data.site.logoUrl }}
        >
          <QueryClientProvider client={client}>
            <App router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>} />
          </QueryClientProvider>
        </StoreIdentityContext>
      </HeadContext>
    </StrictMode>,
    // Above this size React would send a finished part hidden, with an inline script to reveal it: the CSP forbids
    // such scripts, and a page must read the same without JavaScript. Every part goes inline, in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as AsyncIterable<Uint8Array | string>)
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  html += decoder.decode();
  client.clear();
  return { html, title: head.title ?? data.site.storeName, description: head.description };
};
