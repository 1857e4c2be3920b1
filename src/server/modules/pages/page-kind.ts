// Which kind of page a URL path is, as the server sees it: a marketing page (rendered once per process), a
// catalogue page (rendered per request), a page of the signed-in app (the SPA shell), or nothing (404).
import { marketingPagePaths, paths } from '../../../shared/paths.ts';

export type PageKind =
  | { kind: 'marketing'; path: string }
  | { kind: 'products'; path: string }
  | { kind: 'category'; path: string; id: string }
  | { kind: 'product'; path: string; id: string }
  | { kind: 'app'; path: string }
  | { kind: 'unknown' };

/** The marketing pages: the same for every visitor until the next deploy or configuration change. */
export { marketingPagePaths };
const marketingPaths: ReadonlySet<string> = new Set(marketingPagePaths);
// Every other page path of the route table (login, dashboard, admin, ...): the browser renders those.
const appPaths: ReadonlySet<string> = new Set(
  Object.values(paths).filter(
    (p): p is Exclude<typeof p, (id: string) => string> =>
      typeof p === 'string' && !marketingPaths.has(p) && p !== paths.products,
  ),
);

/** Matches as the browser's router does: case-insensitive, a trailing slash ignored, one segment per parameter. */
export function pageKindOf(pathname: string): PageKind {
  const path = pathname.replace(/\/+$/, '') || '/';
  const lower = path.toLowerCase();
  if (marketingPaths.has(lower)) return { kind: 'marketing', path: lower };
  if (lower === paths.products) return { kind: 'products', path: lower };
  if (appPaths.has(lower)) return { kind: 'app', path: lower };
  // The admin console's sections and views (/admin/sales/orders, …): its own router reads the rest.
  if (lower.startsWith(`${paths.admin}/`)) return { kind: 'app', path: lower };
  const match = /^\/(category|product)\/([^/]+)$/i.exec(path);
  const id = match ? decodeSegment(match[2]!) : null;
  if (match && id !== null) {
    const kind = match[1]!.toLowerCase() === 'category' ? 'category' : 'product';
    return { kind, id, path: kind === 'category' ? paths.category(id) : paths.product(id) };
  }
  return { kind: 'unknown' };
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
