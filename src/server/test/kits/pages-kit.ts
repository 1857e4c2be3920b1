// What the pages tests share (pages-html, pages-status-and-csp and pages-signed-in .test.ts): each file calls
// pagesTestKit() for a store of its own.
import type { CategoryResponse } from '../../../shared/catalogue.ts';
import type { PageData } from '../../../shared/page-data.ts';
import { seedDemoShop } from '../../demo/seed.ts';
import { buildWebApp } from '../build-web-app.ts';
import { testCipher } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';

export async function pagesTestKit() {
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
  const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  const meta = (html: string, key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({
      attrs: m[1]!,
      text: m[2]!,
    }));
  const pageData = (html: string) =>
    JSON.parse(
      inlineScripts(html).find((s) => s.attrs.includes('id="page-data"'))!.text,
    ) as PageData;
  const jsonLd = (html: string) => {
    const block = inlineScripts(html).find((s) => s.attrs.includes('application/ld+json'));
    return block ? (JSON.parse(block.text) as Record<string, unknown>) : null;
  };

  const instagram = (await get('/api/catalogue/categories/instagram')).json<CategoryResponse>();
  const account: { id: string; username: string } = instagram.groups.find(
    (g) => g.name === 'Instagram 1K Followers',
  )!.sampleAccounts[0]!;
  return {
    built,
    app,
    db,
    prod,
    get,
    h1,
    meta,
    canonical,
    inlineScripts,
    pageData,
    jsonLd,
    account,
    instagram,
  };
}
