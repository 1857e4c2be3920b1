// Imported first on purpose: the first page's code starts loading before Preact is evaluated.
import { firstPageLoaded } from './app/first-page.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadDataIslands } from './lib/data-island.tsx';
import { preloadDataLayer } from './app/data-islands.ts';
import './styles.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (container.firstElementChild) {
  // A public page arrived rendered by the server (modules/pages), and stays on screen meanwhile; index.html's loader
  // started this on the visitor's first sign of use (app/hydrate-on-intent.ts) and replays what they did before. The
  // same components take it over once all of its code is here, in one pass: no part waits half-hydrated for its
  // chunk. Preact runs it as one task (its startTransition calls back at once; ADR 037), short enough that React's
  // hydration in slices is not missed.
  void Promise.allSettled([firstPageLoaded, preloadDataLayer(), preloadDataIslands()]).then(() =>
    startTransition(() => {
      hydrateRoot(container, app);
    }),
  );
} else {
  // Any other page renders once its code is there, so that it paints once, complete.
  void firstPageLoaded.then(() => {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  });
}
