// The public pages as a search engine, a link preview or a phone with JavaScript off receives them: the HTML itself
// carries each page's heading, prices and key text, its head tags and JSON-LD, the right status, and a strict CSP.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountResponse, CategoryResponse } from '../../../shared/catalogue.ts';
import type { PageData } from '../../../shared/page-data.ts';
import { seedDemoShop } from '../../demo/seed.ts';
import { buildWebApp } from '../../test/build-web-app.ts';
import { testCipher } from '../../test/stock-helpers.ts';
import { quickAdmin, quickCustomer, quickSessionToken } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { categories, productGroups } from '../catalogue/catalogue.tables.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { recomputeStockCount } from '../stock/stock-count.ts';

const built = await buildWebApp();
const { app, db } = await createTestApp({ deps: built });
await seedDemoShop(db, testCipher, 'pw');
// The same pages in production mode (its session cookie is __Host-sid).
const prod = await createTestApp({
  deps: built,
  env: {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://shop.example.ng',
    ERCASPAY_SECRET_KEY: 'ECRS-LIVE-SK-0123456789abcdef',
  },
});

const get = (url: string) => app.inject({ url });
const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<!-- -->/g, '');
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
    attrs: m[1]!,
    text: m[2]!,
  }));
const pageData = (html: string) =>
  JSON.parse(inlineScripts(html).find((s) => s.attrs.includes('id="page-data"'))!.text) as PageData;
const jsonLd = (html: string) => {
  const block = inlineScripts(html).find((s) => s.attrs.includes('application/ld+json'));
  return block ? (JSON.parse(block.text) as Record<string, unknown>) : null;
};

let account: { id: string; username: string };
let instagram: CategoryResponse;
beforeAll(async () => {
  instagram = (await get('/api/catalogue/categories/instagram')).json<CategoryResponse>();
  account = instagram.groups.find((g) => g.name === 'Instagram 1K Followers')!.sampleAccounts[0]!;
});

describe('every account on sale is a link away', () => {
  it('a visitor following links from the home page reaches the page of every available account', async () => {
    const onSale = await db
      .select({ id: stockAccounts.id })
      .from(stockAccounts)
      .where(eq(stockAccounts.status, 'available'));
    expect(onSale.length).toBeGreaterThan(20); // more than a category page's first few per group
    const seen = new Set<string>(['/']);
    const queue = ['/'];
    while (queue.length > 0) {
      const html = (await get(queue.shift()!)).body;
      for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g))
        if (!seen.has(href!) && /^\/(?:products|category\/|product\/)/.test(href!)) {
          seen.add(href!);
          queue.push(href!);
        }
    }
    const reached = [...seen].filter((p) => p.startsWith('/product/')).map((p) => p.slice(9));
    expect(reached.sort()).toEqual(onSale.map((a) => a.id).sort());
  });
});

describe('public pages in the HTML itself', () => {
  const pages: [string, string, string[]][] = [
    [
      '/',
      'Ready-made social media accounts, delivered instantly',
      ['What we offer', 'How It Works'],
    ],
    ['/products', 'Products', ['Instagram 1K Followers', '₦3,500.00', 'YouTube Starter Channel']],
    [
      '/category/instagram',
      'Instagram',
      ['Instagram 1K Followers', '₦3,500.00', 'Instagram 5K Followers'],
    ],
    ['/web-services', 'professional website', ['Starter Website', '₦50,000']],
    ['/support', 'How can we help', ['Frequently Asked Questions', 'support@acctstore.ng']],
    ['/contact', 'Get in touch', ['Lagos, Nigeria']],
    ['/about', 'About AcctStore', ['Our story']],
    ['/terms', 'Terms of Service', ['at least 18 years old']],
    ['/privacy', 'Privacy Policy', ['Your rights']],
  ];
  it.each(pages)(
    '%s answers 200 with its heading, key text, title and canonical URL',
    async (path, heading, texts) => {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(h1(res.body)).toContain(heading);
      for (const text of texts) expect(res.body).toContain(text);
      expect(canonical(res.body)).toBe(`http://localhost:3000${path}`);
      expect(meta(res.body, 'og:title')).toBeTruthy();
      expect(meta(res.body, 'twitter:card')).toBe('summary_large_image');
      expect(meta(res.body, 'og:image')).toBe('http://localhost:3000/og-image.png');
    },
  );

  it('gives each page its own title and description', async () => {
    const about = (await get('/about')).body;
    expect(about).toContain('<title>About Us | AcctStore</title>');
    expect(meta(about, 'description')).toContain('how we verify every social media account');
    expect((await get('/category/instagram')).body).toContain(
      '<title>Instagram Accounts | AcctStore</title>',
    );
  });

  it('renders the product page with its name, price, availability, preview tags and Product JSON-LD', async () => {
    const res = await get(`/product/${account.id}`);
    expect(res.statusCode).toBe(200);
    expect(h1(res.body)).toBe(account.username);
    expect(res.body).toContain('₦3,500.00');
    expect(res.body).toContain('Available');
    expect(meta(res.body, 'og:type')).toBe('product');
    expect(meta(res.body, 'og:title')).toBe(`${account.username} · Instagram 1K Followers`);
    expect(meta(res.body, 'og:description')).toMatch(/^₦3,500\.00 · Available · Instagram/);
    expect(meta(res.body, 'product:price:amount')).toBe('3500.00');
    expect(meta(res.body, 'product:price:currency')).toBe('NGN');
    expect(meta(res.body, 'product:availability')).toBe('in stock');
    expect(jsonLd(res.body)).toMatchObject({
      '@type': 'Product',
      name: `${account.username} · Instagram 1K Followers`,
      offers: {
        '@type': 'Offer',
        price: '3500.00',
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
        url: `http://localhost:3000/category/instagram#group-${instagram.groups.find((g) => g.name === 'Instagram 1K Followers')!.id}`,
      },
    });
    // The account sells out and goes: its group's card on the category page is the page to index.
    expect(canonical(res.body)).toBe('http://localhost:3000/category/instagram');
  });

  it("lists a category page's products with their offers in JSON-LD", async () => {
    const ld = jsonLd((await get('/category/instagram')).body) as {
      '@type': string;
      itemListElement: { item: { name: string; offers: object } }[];
    };
    expect(ld['@type']).toBe('ItemList');
    const names = ld.itemListElement.map((e) => e.item.name);
    expect(names).toEqual(instagram.groups.map((g) => g.name));
    expect(
      ld.itemListElement.find((e) => e.item.name === 'Instagram 1K Followers')!.item.offers,
    ).toMatchObject({
      price: '3500.00',
      priceCurrency: 'NGN',
      availability: 'https://schema.org/InStock',
    });
  });

  it('embeds exactly the data the API answers, so the browser does not ask again', async () => {
    const products = pageData((await get('/products')).body);
    expect(products.catalogue).toEqual((await get('/api/catalogue')).json());
    expect(products.site).toEqual((await get('/api/site')).json());
    const product = pageData((await get(`/product/${account.id}`)).body);
    expect(product.account).toEqual({
      id: account.id,
      value: (await get(`/api/catalogue/accounts/${account.id}`)).json<AccountResponse>(),
    });
  });

  it('renders what the address asks for: the search in the query string', async () => {
    const body = (await get('/products?q=youtube')).body;
    expect(body).toContain('YouTube Starter Channel');
    expect(body).not.toContain('Instagram 1K Followers</h3>');
  });
});

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
      const footer = /<footer[\s\S]*<\/footer>/
        .exec((await get(path)).body)![0]
        .replace(/<!-- -->/g, '');
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

describe('when the page runs its code', () => {
  const hydratesNow = (html: string) => /<html[^>]*\bdata-hydrate-now\b/.test(html);

  it("leaves a visitor's page to run its code once loaded (idle, or the first sign of use), and runs a signed-in user's and a 404 at once", async () => {
    // A visitor: the app's code runs once it has arrived after the load, or on the first touch (app/hydrate-on-intent.ts).
    expect(hydratesNow((await get('/products')).body)).toBe(false);
    expect(hydratesNow((await get('/about')).body)).toBe(false);
    // A signed-in customer: their own page, whose account menu is theirs to open at once.
    const { cookie } = await quickCustomer(db);
    for (const url of ['/products', '/about', `/product/${account.id}`]) {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(hydratesNow(res.body), url).toBe(true);
    }
    // A cookie that names no session is a visitor's.
    expect(hydratesNow((await app.inject({ url: '/about', cookies: { sid: 'any' } })).body)).toBe(
      false,
    );
    // A "not found" page reports the missing address in the console.
    expect(hydratesNow((await get('/no/such/page')).body)).toBe(true);
    expect(hydratesNow((await get('/category/nope')).body)).toBe(true);
    // The marker costs the cached marketing page nothing: the next visitor's copy is unmarked.
    expect(hydratesNow((await get('/about')).body)).toBe(false);
  });

  it("reads production's session cookie in production", async () => {
    const { user } = await quickCustomer(prod.db);
    const session = await quickSessionToken(prod.db, user.id);
    const page = async (cookies: Record<string, string>) =>
      pageData((await prod.app.inject({ url: '/about', cookies })).body);
    expect((await page({ '__Host-sid': session })).me?.email).toBe(user.email);
    expect((await page({ sid: session })).me).toBeNull();
  });
});

describe("a signed-in user's page from the first byte", () => {
  it('names the signed-in customer, shows their balance and menu, and keeps the page out of shared caches', async () => {
    const { user, cookie } = await quickCustomer(db, 1_234_500);
    for (const url of ['/', '/products', `/product/${account.id}`, '/category/instagram']) {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(pageData(res.body).me?.email, url).toBe(user.email);
      // The navbar: the balance and the account menu, not a visitor's Sign In / Get Started.
      expect(res.body, url).toContain('₦12,345.00');
      expect(res.body, url).toContain('<span class="sr-only">Account menu</span>');
      expect(res.body, url).not.toContain('>Get Started<');
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
    // The single-account page's purchase box is the customer's Buy Now, a form sent to this account's checkout.
    const product = (await app.inject({ url: `/product/${account.id}`, headers: { cookie } })).body;
    expect(product).toMatch(/<form[^>]*action="\/checkout"[^>]*>/);
    expect(product).toContain(`name="account" value="${account.id}"`);
    expect(product).toMatch(/Buy Now/);
    expect(product).not.toContain('Sign In to Purchase');
  });

  it("gives a visitor the sign-in call to action in the HTML, and never keeps a customer's page for the next visitor", async () => {
    const { cookie } = await quickCustomer(db, 500_00);
    await app.inject({ url: '/about', headers: { cookie } });
    const visitor = await get('/about');
    expect(pageData(visitor.body).me).toBeNull();
    expect(visitor.body).not.toContain('₦500.00');
    expect(visitor.body).toContain('>Get Started<');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const product = (await get(`/product/${account.id}`)).body;
    expect(product).toContain('Sign In to Purchase');
    expect(product).toMatch(/<form[^>]*action="\/checkout"[^>]*>/);
    expect(product).toContain(`name="account" value="${account.id}"`);
    // Every Buy Now on /products is a form to that group's checkout, with its quantity field.
    const products = (await get('/products')).body;
    const forms = [...products.matchAll(/<form[^>]*action="\/checkout"[^>]*>([\s\S]*?)<\/form>/g)];
    expect(forms.length).toBeGreaterThan(0);
    for (const [, fields] of forms) {
      expect(fields).toMatch(/name="group" value="[0-9a-f-]{36}"/);
      expect(fields).toMatch(/name="quantity"/);
    }
  });

  it("shows an admin the admins' note instead of Buy Now", async () => {
    const { cookie } = await quickAdmin(db);
    const product = (await app.inject({ url: `/product/${account.id}`, headers: { cookie } })).body;
    expect(product).toContain('Admins cannot');
    expect(product).not.toContain('Sign In to Purchase');
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
      expect(head).toMatch(/<style>[\s\S]*\.bg-background\{/);
      expect(body).not.toMatch(/<link[^>]*rel="stylesheet"/);
      // Scripts with a src come later, from the loader, once the page has painted.
      expect(body).not.toMatch(/<script[^>]*\bsrc=/);
    }
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
    expect(h1(res.body)).toBe('Evil &lt;b&gt;');
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
