// The store's name and logo (Settings) as the shell and every page show them, without the data layer: the server
// writes them into each page it sends (<meta name="application-name">, the logo as the tab's icon) and renders
// with the same values (entry-server.tsx provides them), so the first paint and the hydration agree.
import { createContext, useContext } from 'react';
import { DEFAULT_STORE_NAME, STORE_LOGO_PATH } from '../../shared/store-brand.ts';

export type StoreIdentity = { storeName: string; logoUrl: string | null };

function fromDocument(): StoreIdentity {
  if (typeof document === 'undefined') return { storeName: DEFAULT_STORE_NAME, logoUrl: null };
  const name = document.querySelector('meta[name="application-name"]')?.getAttribute('content');
  const logo = document
    .querySelector(`link[rel="icon"][href^="${STORE_LOGO_PATH}"]`)
    ?.getAttribute('href');
  return { storeName: name || DEFAULT_STORE_NAME, logoUrl: logo ?? null };
}

export const StoreIdentityContext = createContext<StoreIdentity>(fromDocument());

export const useStoreIdentity = (): StoreIdentity => useContext(StoreIdentityContext);
export const useStoreName = (): string => useStoreIdentity().storeName;
