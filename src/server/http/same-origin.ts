// Cross-site requests cannot change anything: every mutating API request must come from our own pages.
// Browsers send Sec-Fetch-Site (modern) or Origin on every cross-site POST; a request with neither is not
// from a browser page and cannot carry a victim's cookie by accident.
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes called by other servers (the payment webhook), never by our pages. */
    allowCrossSite?: boolean;
  }
}

export function registerSameOriginGuard(app: FastifyInstance, publicUrl: string): void {
  const ownOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (req) => {
    // The matched route, not the raw URL: '/%61pi/orders' reaches the route '/api/orders' too.
    const path = req.routeOptions.url ?? req.url;
    if (!MUTATING.has(req.method) || !path.startsWith('/api/')) return;
    if (req.routeOptions.config?.allowCrossSite) return;
    const fetchSite = req.headers['sec-fetch-site'];
    if (fetchSite === 'same-origin' || fetchSite === 'none') return;
    const origin = req.headers.origin;
    const host = req.headers.host;
    const sameOrigin =
      origin !== undefined &&
      (origin === ownOrigin || (host !== undefined && hostOf(origin) === host));
    if (fetchSite === undefined && (origin === undefined || sameOrigin)) return;
    if (fetchSite === 'same-site' && sameOrigin) return;
    throw new AppError('CROSS_SITE_REQUEST', 403, 'Cross-site requests are not allowed.');
  });
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // "null" or garbage: never our own origin
  }
}
