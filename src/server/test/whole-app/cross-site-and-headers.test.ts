// Sessions, cookies, the cross-site guard and the security headers, in development and production config.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../shared/paths.ts';
import { quickAdmin, quickCustomer } from '../auth-helpers.ts';
import { sessionsAndHeadersTestKit } from '../kits/sessions-and-headers-kit.ts';

const { WEBHOOK_TOKEN, app, db, prod } = await sessionsAndHeadersTestKit();

// ---- cross-site requests ----------------------------------------------------------------------------------
/** Routes other servers call (the payment webhook; the reseller API, whose key is a header a browser never adds
 *  by itself, so a forged cross-site request carries none); every other mutating route refuses cross-site requests. */
const CROSS_SITE_ALLOWED = new Set([
  'POST /api/payments/ercaspay/webhook/:token',
  'POST /api/v1/orders',
]);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const fill = (url: string) =>
  url.replace(':token', WEBHOOK_TOKEN).replace(/:[a-z]+/gi, crypto.randomUUID());
const mutating = app.apiRoutes.filter(
  (r) => MUTATING.has(r.method) && !CROSS_SITE_ALLOWED.has(`${r.method} ${r.url}`),
);
const customer = await quickCustomer(db, 100_000);
const adminUser = await quickAdmin(db);
const cookieFor = (access: string) =>
  access === 'admin' ? adminUser.cookie : access === 'public' ? undefined : customer.cookie;

const attacks: { name: string; headers: Record<string, string>; encodePath?: boolean }[] = [
  {
    name: 'Sec-Fetch-Site: cross-site',
    headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  },
  { name: 'a foreign Origin', headers: { origin: 'https://evil.example' } },
  { name: 'Origin: null', headers: { origin: 'null' } },
  {
    name: 'a same-site page of another origin',
    headers: { 'sec-fetch-site': 'same-site', origin: 'http://evil.localhost:3000' },
  },
  {
    name: 'a percent-encoded /api path',
    headers: { 'sec-fetch-site': 'cross-site' },
    encodePath: true,
  },
];

describe('cross-site requests', () => {
  it('are checked on every mutating route but the allow-listed ones, which exist', () => {
    expect(mutating.length).toBeGreaterThan(20);
    const all = new Set(app.apiRoutes.map((r) => `${r.method} ${r.url}`));
    for (const key of CROSS_SITE_ALLOWED) expect(all.has(key), key).toBe(true);
  });

  const cases = mutating.flatMap((route) => attacks.map((attack) => ({ ...route, attack })));
  it.each(cases)('$method $url refuses $attack.name', async ({ method, url, access, attack }) => {
    const cookie = cookieFor(access);
    const target = attack.encodePath ? fill(url).replace(/^\/api\//, '/%61pi/') : fill(url);
    const res = await app.inject({
      method: method as 'POST',
      url: target,
      headers: { ...attack.headers, ...(cookie ? { cookie } : {}) },
      payload: {
        amountKobo: 100_000,
        productGroupId: crypto.randomUUID(),
        quantity: 1,
        name: 'x',
        status: 'handled',
      },
    });
    expect([res.statusCode, res.json().error?.code]).toEqual([403, 'CROSS_SITE_REQUEST']);
  });

  it('let the same request through from our own pages (the 403 comes from the guard)', async () => {
    for (const { method, url } of mutating) {
      const res = await app.inject({
        method: method as 'POST',
        url: fill(url),
        headers: { 'sec-fetch-site': 'same-origin' },
        payload: {},
      });
      expect(res.json().error?.code, `${method} ${url}`).not.toBe('CROSS_SITE_REQUEST');
    }
  });

  it('let the provider call the payment webhook from anywhere', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/payments/ercaspay/webhook/${WEBHOOK_TOKEN}`,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://api.ercaspay.com' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
  });
});

// ---- security headers -------------------------------------------------------------------------------------
const pagePaths = Object.values(paths).map((p) => (typeof p === 'function' ? p('some-id') : p));
const crawlPaths = [
  ...new Set([
    ...pagePaths,
    '/',
    '/no/such/page',
    '/robots.txt',
    '/sitemap.xml',
    '/dev/mailbox',
    '/sandbox/checkout/x',
    '/missing.js',
  ]),
];
const apiGets = app.apiRoutes.filter((r) => r.method === 'GET').map((r) => fill(r.url));
const targets = [
  ...[...crawlPaths, ...apiGets].map((url) => ({
    name: 'development',
    url,
    production: false,
    cookie: undefined as string | undefined,
  })),
  ...apiGets.map((url) => ({
    name: 'development as admin',
    url,
    production: false,
    cookie: adminUser.cookie,
  })),
  ...[...crawlPaths, ...apiGets].map((url) => ({
    name: 'production',
    url,
    production: true,
    cookie: undefined as string | undefined,
  })),
];

function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d] as [string, string]),
  );
}

describe('security headers', () => {
  it('cover the page paths, the SPA (built and not built) and every GET /api route', async () => {
    expect(apiGets.length).toBeGreaterThan(20);
    expect((await app.inject({ url: paths.products })).statusCode).toBe(200);
    expect((await prod.inject({ url: paths.products })).statusCode).toBe(503);
  });

  it.each(targets)('$name GET $url', async ({ url, production, cookie }) => {
    const res = await (production ? prod : app).inject({ url, headers: cookie ? { cookie } : {} });
    // 503 only from the production app, whose SPA is not built here.
    expect(
      res.statusCode < 500 || (production && res.statusCode === 503),
      `${res.statusCode} ${res.body.slice(0, 200)}`,
    ).toBe(true);
    const csp = directives(String(res.headers['content-security-policy'] ?? ''));
    expect(csp.get('script-src')).toBe("script-src 'self'");
    expect(csp.get('default-src')).toBe("default-src 'self'");
    expect(csp.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(csp.get('object-src')).toBe("object-src 'none'");
    expect([...csp.values()].join(';')).not.toMatch(/unsafe-eval/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    if (production)
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    else expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
