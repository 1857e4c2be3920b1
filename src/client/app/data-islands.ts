// The shell's handles on the data layer (data-layer.tsx), which loads as its own chunk on first use.
import { preloadable } from '../lib/preloadable.tsx';

const dataLayer = () => import('./data-layer.tsx');

export const dataPage = preloadable(() => dataLayer().then((m) => m.DataPage));
export const navSession = preloadable(() => dataLayer().then((m) => m.NavSession));

/** Loads the data layer, so that its parts render without waiting. */
export function preloadDataLayer(): Promise<unknown> {
  return Promise.all([dataPage.preload(), navSession.preload()]);
}
