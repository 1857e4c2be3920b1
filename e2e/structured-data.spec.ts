// What search engines read: the JSON-LD of the catalogue pages against Google's required fields (merchant
// listings' Product, ItemList carousels), and sitemap.xml against the sitemaps.org schema, parsed by Chromium's
// own XML parser; every address it lists answers 200 and names itself as canonical, and an account's page
// points its canonical at the category page whose card the JSON-LD names.
import { expect, test, type Page } from '@playwright/test';
import type { CategoryResponse } from '../src/shared/catalogue.ts';

type Json = Record<string, unknown>;

async function headOf(page: Page, path: string) {
  const res = await page.request.get(path);
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  const ld = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    jsonLd: ld ? (JSON.parse(ld) as Json) : null,
  };
}

const isAbsoluteUrl = (v: unknown) => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v);

/** Google's merchant listing (and product snippet) requirements for one Product. */
function expectGoogleProduct(product: Json) {
  expect(product['@type']).toBe('Product');
  expect(typeof product.name === 'string' && product.name.length > 0).toBe(true);
  const images = Array.isArray(product.image) ? product.image : [product.image];
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) expect(isAbsoluteUrl(image)).toBe(true);
  const offer = product.offers as Json;
  expect(offer['@type']).toBe('Offer');
  expect(String(offer.price)).toMatch(/^\d+(\.\d+)?$/);
  expect(offer.priceCurrency).toBe('NGN');
  expect(['https://schema.org/InStock', 'https://schema.org/SoldOut']).toContain(
    offer.availability,
  );
  expect(isAbsoluteUrl(offer.url)).toBe(true);
}

/** Google's ItemList: ListItems numbered from 1, each with a url (summary) or an item with its url (all-in-one). */
function expectGoogleItemList(list: Json, kind: 'summary' | 'all-in-one') {
  expect(list['@context']).toBe('https://schema.org');
  expect(list['@type']).toBe('ItemList');
  const items = list.itemListElement as Json[];
  expect(items.length).toBeGreaterThan(0);
  items.forEach((entry, i) => {
    expect(entry['@type']).toBe('ListItem');
    expect(entry.position).toBe(i + 1);
    if (kind === 'summary') expect(isAbsoluteUrl(entry.url)).toBe(true);
    else {
      const item = entry.item as Json;
      expect(isAbsoluteUrl(item.url)).toBe(true);
      expectGoogleProduct(item);
    }
  });
  return items;
}

test('the catalogue JSON-LD has what Google requires, and account pages point at their group', async ({
  page,
  baseURL,
}) => {
  const products = await headOf(page, '/products');
  const summary = expectGoogleItemList(products.jsonLd!, 'summary');
  const category = await headOf(page, '/category/instagram');
  const full = expectGoogleItemList(category.jsonLd!, 'all-in-one');
  // Every item of the category's list is a card on that page (its anchor), and /products links to it.
  const { groups } = (await (
    await page.request.get('/api/catalogue/categories/instagram')
  ).json()) as CategoryResponse;
  const cards = full.map((e) => (e.item as Json).url);
  expect(cards).toEqual(groups.map((g) => `${baseURL}/category/instagram#group-${g.id}`));
  for (const url of cards) expect(summary.map((e) => e.url)).toContain(url);
  await page.goto(String(cards[0]).replace(baseURL!, ''));
  await expect(page.locator(`#group-${groups[0]!.id}`)).toBeVisible();

  const account = groups[0]!.sampleAccounts[0]!;
  const product = await headOf(page, `/product/${account.id}`);
  expectGoogleProduct(product.jsonLd!);
  expect(product.jsonLd!['@context']).toBe('https://schema.org');
  expect((product.jsonLd!.offers as Json).url).toBe(cards[0]);
  expect(product.canonical).toBe(`${baseURL}/category/instagram`);
});

test('sitemap.xml follows the sitemaps.org schema and lists only self-canonical pages', async ({
  page,
  baseURL,
}) => {
  const res = await page.request.get('/sitemap.xml');
  expect(res.headers()['content-type']).toContain('xml');
  const xml = await res.text();
  await page.goto('/about');
  const checked = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const errors: string[] = [];
    if (doc.getElementsByTagName('parsererror').length) errors.push('not well-formed XML');
    const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const root = doc.documentElement;
    if (root.localName !== 'urlset' || root.namespaceURI !== NS) errors.push('root is not urlset');
    const locs: string[] = [];
    for (const url of Array.from(root.children)) {
      if (url.localName !== 'url' || url.namespaceURI !== NS)
        errors.push(`unexpected <${url.localName}>`);
      const children = Array.from(url.children);
      const loc = children.filter((c) => c.localName === 'loc');
      if (loc.length !== 1) errors.push('a <url> without exactly one <loc>');
      for (const c of children) {
        const value = c.textContent ?? '';
        if (
          c.localName === 'lastmod' &&
          !/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value)
        )
          errors.push(`bad lastmod ${value}`);
        else if (
          c.localName === 'changefreq' &&
          !/^(always|hourly|daily|weekly|monthly|yearly|never)$/.test(value)
        )
          errors.push(`bad changefreq ${value}`);
        else if (c.localName === 'priority' && !(Number(value) >= 0 && Number(value) <= 1))
          errors.push(`bad priority ${value}`);
        else if (!['loc', 'lastmod', 'changefreq', 'priority'].includes(c.localName))
          errors.push(`unexpected <${c.localName}>`);
      }
      if (loc[0]) locs.push(loc[0].textContent ?? '');
    }
    return { errors, locs };
  }, xml);
  expect(checked.errors).toEqual([]);
  expect(checked.locs.length).toBeGreaterThan(0);
  expect(checked.locs.length).toBeLessThanOrEqual(50_000);
  expect(new Set(checked.locs).size).toBe(checked.locs.length);
  for (const loc of checked.locs) {
    expect(loc.length).toBeLessThan(2048);
    expect(loc.startsWith(`${baseURL}/`)).toBe(true);
    const { canonical } = await headOf(page, loc.replace(baseURL!, ''));
    expect(canonical, loc).toBe(loc);
  }
  expect(checked.locs.some((l) => l.includes('/product/'))).toBe(false);
});
