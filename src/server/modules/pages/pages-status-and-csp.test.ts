// The public pages as a search engine, a link preview or a phone with JavaScript off receives them: the HTML itself
// carries each page's heading, prices and key text, its head tags and JSON-LD, the right status, and a strict CSP.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { recomputeStockCount } from '../stock/stock-count.ts';
import { pagesTestKit } from '../../test/kits/pages-kit.ts';

const { built, db, get, h1, meta, canonical, inlineScripts, pageData, jsonLd, account, instagram } =
  await pagesTestKit();

describe('statuses', () => {
  it('answers an unknown path with 404 and the 404 page, kept out of search results', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(h1(res.body)).toBe('Oops! Page not found');
    expect(meta(res.body, 'robots')).toBe('noindex');
    expect(canonical(res.body)).toBeUndefined();
  });

  it('answers an unknown category or product with 404 and says what is missing', async () => {
    const category = await get('/category/no-such-category');
    expect(category.statusCode).toBe(404);
    expect(h1(category.body)).toBe('Category Not Found');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const product = await get(`/product/${id}`);
      expect(product.statusCode).toBe(404);
      expect(h1(product.body)).toBe('Product Not Found');
      expect(meta(product.body, 'robots')).toBe('noindex');
    }
  });

  it('answers 404 for a product whose product line was taken off sale, and shows a reserved one as out of stock', async () => {
    const group = instagram.groups.find((g) => g.name === 'Instagram 5K Followers')!;
    const [gone, held] = group.sampleAccounts;
    await db
      .update(stockAccounts)
      .set({ status: 'reserved' })
      .where(eq(stockAccounts.id, held!.id));
    await recomputeStockCount(db, group.id);
    const reserved = await get(`/product/${held!.id}`);
    expect(reserved.statusCode).toBe(200);
    expect(meta(reserved.body, 'product:availability')).toBe('out of stock');
    expect(jsonLd(reserved.body)).toMatchObject({
      offers: { availability: 'https://schema.org/SoldOut' },
    });

    await db.update(productGroups).set({ isActive: false }).where(eq(productGroups.id, group.id));
    const res = await get(`/product/${gone!.id}`);
    expect(res.statusCode).toBe(404);
    expect(h1(res.body)).toBe('Product Not Found');
    await db.update(productGroups).set({ isActive: true }).where(eq(productGroups.id, group.id));
  });

  it("says this year in the footer's copyright, not a year written into the code", async () => {
    const year = new Date().getFullYear();
    for (const path of ['/', '/products', '/about']) {
      const footer = /<footer[\s\S]*<\/footer>/.exec((await get(path)).body)![0];
      expect(footer, path).toContain(`© <span>${year}</span> AcctStore. All rights`);
    }
  });

  it('gives the sign-in, sign-up and forgotten-password shells their own title, description, canonical URL and preview tags', async () => {
    for (const [path, title, description] of [
      ['/login', 'Sign in | AcctStore', 'Sign in to your AcctStore account'],
      ['/register', 'Create your account | AcctStore', 'Create a free AcctStore account'],
      ['/forgot-password', 'Forgot password | AcctStore', 'Reset the password of your AcctStore'],
    ] as const) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(/<title>([^<]*)<\/title>/.exec(res.body)?.[1], path).toBe(title);
      expect(meta(res.body, 'description'), path).toContain(description);
      expect(canonical(res.body), path).toBe(`http://localhost:3000${path}`);
      expect(meta(res.body, 'og:title'), path).toBe(title);
      expect(meta(res.body, 'og:url'), path).toBe(`http://localhost:3000${path}`);
      expect(meta(res.body, 'og:image'), path).toBe('http://localhost:3000/og-image.png');
      // Rendered in the browser: its HTML has no footer, so its first paint waits for none.
      expect(res.body, path).not.toContain('rel="expect"');
    }
    expect((await get('/products')).body).toContain(
      '<link rel="expect" href="#site-footer" blocking="render" />',
    );
    // Every other page of the browser's keeps the shell as built.
    expect(canonical((await get('/dashboard')).body)).toBeUndefined();
  });

  it('leaves the signed-in pages to the browser: the shell, with status 200', async () => {
    for (const path of ['/login', '/dashboard', '/admin']) {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });
});

describe('content security policy', () => {
  // index.html's own inline scripts (the theme, the loader of the entry chunk), as the build wrote them.
  const templateScripts = inlineScripts(
    fs.readFileSync(path.join(built.clientDir, 'index.html'), 'utf8'),
  ).map((s) => s.text);
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it("allows no inline script but index.html's own and the inert data blocks the server wrote, each by its hash", async () => {
    expect(templateScripts.length).toBeGreaterThan(0);
    for (const path of [
      '/',
      '/products',
      `/product/${account.id}`,
      '/category/instagram',
      '/no/such/page',
      '/login',
    ]) {
      const res = await get(path);
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!;
      expect(scriptSrc).not.toContain('unsafe-inline');
      for (const { attrs, text } of inlineScripts(res.body)) {
        // The server adds data, never code: a script that runs is one of index.html's.
        if (!/type="application\/(json|ld\+json)"/.test(attrs))
          expect(templateScripts).toContain(text);
        expect(scriptSrc).toContain(hashOf(text));
      }
    }
  });

  it('paints from the HTML alone: its styles inline, no stylesheet or script for the first paint to wait for', async () => {
    for (const path of ['/', `/product/${account.id}`, '/login']) {
      const body = (await get(path)).body;
      const head = body.slice(0, body.indexOf('</head>'));
      expect(head).toMatch(/<style[^>]*>[\s\S]*\.bg-background\{/);
      expect(body).not.toMatch(/<link[^>]*rel="stylesheet"/);
      // Scripts with a src come later, from the loader, once the page has painted.
      expect(body).not.toMatch(/<script[^>]*\bsrc=/);
    }
  });

  it("inlines a rendered page's own rules and names the whole stylesheet; the app shell keeps it all", async () => {
    const styleOf = (body: string) =>
      /<style( data-rest="([^"]+)")?>([\s\S]*?)<\/style>/.exec(body)!;
    const [, , shellRest, whole] = styleOf((await get('/login')).body);
    expect(shellRest).toBeUndefined();
    const [, , rest, own] = styleOf((await get('/')).body);
    expect(own).toContain('.bg-background{');
    // The admin console's table classes are not on the landing page.
    expect(whole).toContain('.tabular-nums{');
    expect(own).not.toContain('.tabular-nums{');
    expect(own!.length).toBeLessThan(whole!.length / 2);
    // The stylesheet it names is the build's, cached for good; the pieces it was cut from are not served.
    const sheet = await get(rest!);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/^text\/css/);
    expect(sheet.headers['cache-control']).toContain('immutable');
    expect(sheet.body.trim()).toBe(whole!.trim());
    expect((await get('/page-css.json')).statusCode).toBe(404);
  });

  it('serves the preview picture the pages name', async () => {
    const res = await get('/og-image.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('keeps text from the catalogue inside its data block: a description cannot end the script', async () => {
    const evil = '</script><script>alert(1)</script> & <!-- $& $1';
    await db.insert(categories).values({ id: 'evil', name: 'Evil <b>', description: evil });
    await db.insert(productGroups).values({
      categoryId: 'evil',
      name: 'Evil group',
      description: evil,
      priceKobo: 100_00,
      features: [],
    });
    const res = await get('/category/evil');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(pageData(res.body).category?.value?.category.description).toBe(evil);
    // The name is text: its `<` escaped (a `>` needs no escape in text, and the renderer leaves it).
    expect(h1(res.body)?.replaceAll('&gt;', '>')).toBe('Evil &lt;b>');
  });
});

describe('the server-render bundle', () => {
  it("uses the JSX runtime of React's production build too (a dev-only jsxDEV would fail under NODE_ENV=production)", async () => {
    const dir = path.dirname(built.ssrEntry);
    const files = [
      built.ssrEntry,
      ...fs.readdirSync(path.join(dir, 'assets')).map((f) => path.join(dir, 'assets', f)),
    ];
    for (const file of files)
      expect(fs.readFileSync(file, 'utf8'), file).not.toContain('jsx-dev-runtime');
  });
});

describe('without the server-render bundle', () => {
  it('serves the SPA shell, still with 404 for unknown paths', async () => {
    const { app: bare } = await createTestApp({
      deps: { clientDir: built.clientDir, ssrEntry: `${built.ssrEntry}.missing` },
    });
    const page = await bare.inject({ url: '/products' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect((await bare.inject({ url: '/no/such/page' })).statusCode).toBe(404);
  });
});
