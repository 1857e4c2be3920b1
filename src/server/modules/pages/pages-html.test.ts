// The public pages as a search engine, a link preview or a phone with JavaScript off receives them: the HTML itself
// carries each page's heading, prices and key text, its head tags and JSON-LD, the right status, and a strict CSP.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountResponse } from '../../../shared/catalogue.ts';
import { quickCustomer, quickSessionToken } from '../../test/auth-helpers.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { pagesTestKit } from '../../test/kits/pages-kit.ts';

const { app, db, prod, get, h1, meta, canonical, pageData, jsonLd, account, instagram } =
  await pagesTestKit();

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
