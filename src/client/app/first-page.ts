// Starts loading the first page's code as this module is evaluated: main.tsx imports it before React DOM,
// so the requests go out before the biggest part of the entry chunk has even run.
import { preloadFirstPage } from './routes.tsx';

export const firstPageLoaded: Promise<void> = preloadFirstPage(window.location.pathname);
