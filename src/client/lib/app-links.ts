// What the app lends its features: the router's page preloading and the data layer's chunk. app/routes.tsx lends
// them when the app starts (before any page renders), so features reach them without importing app/, which
// imports the features (ADR 019: features import components/, lib/ and shared/ only).
import type { ComponentType, ReactNode } from 'react';

/** The parts of app/data-layer.tsx that features use; the chunk loads on first use. */
export type DataLayerParts = {
  DataScope: ComponentType<{ children: ReactNode }>;
  prefetchRead: <T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) => void;
};

type AppLinks = {
  preloadPage: (pathname: string) => Promise<void>;
  loadDataLayer: () => Promise<DataLayerParts>;
};

let links: AppLinks | null = null;

export function lendAppLinks(lent: AppLinks): void {
  links = lent;
}

function lent(): AppLinks {
  if (!links) throw new Error('app/routes.tsx lends its links before any page renders');
  return links;
}

/** Loads a page's code (and the data layer it needs) before the visitor goes there. */
export const preloadPage = (pathname: string): Promise<void> => lent().preloadPage(pathname);

/** The data layer's chunk. */
export const loadDataLayer = (): Promise<DataLayerParts> => lent().loadDataLayer();
