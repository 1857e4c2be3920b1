import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-client-'));
fs.mkdirSync(path.join(clientDir, 'assets'));
fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');

describe('the HTTP shell', () => {
  it('serves the app for every page path, with security headers and no caching of index.html', async () => {
    const { app } = await createTestApp({ deps: { clientDir } });
    const res = await app.inject({ method: 'GET', url: '/dashboard?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    );
  });

  it('answers an unknown path with the app (its 404 page) and status 404, not a soft 404', async () => {
    const { app } = await createTestApp({ deps: { clientDir } });
    const res = await app.inject({ method: 'GET', url: '/some/deep/page?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('id="root"');
  });

  it('caches hashed assets for a year', async () => {
    const { app } = await createTestApp({ deps: { clientDir } });
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a script the build compressed as it is, to a browser that accepts it, and the plain one otherwise', async () => {
    const script = 'console.log("the store");'.repeat(200);
    fs.writeFileSync(path.join(clientDir, 'assets/app-zip123.js'), script);
    // Each copy marked, to tell it from the plain file compressed on the fly.
    const copy = (kind: string) => `${script}//${kind}`;
    const asset = path.join(clientDir, 'assets/app-zip123.js');
    fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(copy('br')));
    fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(copy('gz')));
    const { app } = await createTestApp({ deps: { clientDir } });
    const get = (encoding: string) =>
      app.inject({ url: '/assets/app-zip123.js', headers: { 'accept-encoding': encoding } });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(copy('br'));
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(copy('gz'));
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('answers unknown API paths with the JSON error shape, never the app', async () => {
    const { app } = await createTestApp({ deps: { clientDir } });
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });

  it('compresses large responses when the client accepts gzip', async () => {
    const big = '<!doctype html>' + '<p>hello</p>'.repeat(500);
    fs.writeFileSync(path.join(clientDir, 'index.html'), big);
    const { app } = await createTestApp({ deps: { clientDir } });
    const res = await app.inject({
      method: 'GET',
      url: '/products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it("answers a browser's page in brotli, its smallest, though the browser also takes zstd", async () => {
    // Text as a page's is, repetitive but not one phrase: zstd comes out larger than brotli on it.
    const words = Array.from(
      { length: 3000 },
      (_, i) => `<li class="item-${i % 37}">${(i * 7919) % 1000}</li>`,
    );
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      `<!doctype html><ul>${words.join('')}</ul>`,
    );
    const { app } = await createTestApp({ deps: { clientDir } });
    const res = await app.inject({
      method: 'GET',
      url: '/products',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<li class="item-36">');
  });
});
