// Part of a static page (one that paints without the data layer) that reads data: it renders under the shared
// query cache once the data layer's chunk is in, and shows `fallback` until then.
import { Suspense, type ReactNode } from 'react';
import { loadDataLayer } from './app-links.ts';
import { preloadable } from './preloadable.tsx';

const dataScope = preloadable(() => loadDataLayer().then((m) => m.DataScope));

/** Loads the islands' code, so that they render (or hydrate) without waiting. */
export function preloadDataIslands(): Promise<unknown> {
  return dataScope.preload();
}

export function DataIsland({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <dataScope.Component>{children}</dataScope.Component>
    </Suspense>
  );
}
