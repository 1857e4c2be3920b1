// Security headers for every response: a CSP with no inline scripts, no framing, no sniffing.
// helmet's middleware is built once here and applied in one hook (the @fastify/helmet plugin built it again on
// every request: parsing the CSP directives each time was 2.6% of the server's busy time under purchases).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * No page of the store uses a camera, microphone, location, USB or the Payment Request API (ErcasPay's checkout
 * opens as its own window), so none may, nor any frame. Only features every Chromium knows: an unknown one is
 * a console error on every page.
 */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export async function registerSecurityHeaders(
  app: FastifyInstance,
  isProduction: boolean,
): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes; scripts stay strictly 'self'.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The checkout opens in a popup that must be able to report back to its opener on this origin.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // On the raw response, before any handler runs, so every answer (404s and errors too) carries them.
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    setHeaders(request.raw, reply.raw, () => done());
  });
}
