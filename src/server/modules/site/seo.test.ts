import { describe, expect, it } from 'vitest';
import type { CategoryResponse } from '../../../shared/catalogue.ts';
import { seedDemoShop } from '../../demo/seed.ts';
import { testCipher } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

const { app, db } = await createTestApp();
await seedDemoShop(db, testCipher, 'pw');

describe('findability', () => {
  it('serves robots.txt that keeps private pages out and points at the sitemap', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain('Disallow: /wallet');
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('lists the public pages and the visible categories in sitemap.xml', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.headers['content-type']).toContain('application/xml');
    for (const p of [
      '/',
      '/products',
      '/web-services',
      '/support',
      '/developers',
      '/category/instagram',
    ]) {
      expect(res.body).toContain(`<loc>http://localhost:3000${p}</loc>`);
    }
    expect(res.body).not.toContain('/category/followers');
    expect(res.body).not.toContain('/admin');
  });

  it('lists no account page and no sign-in form: a group is indexed on its category page', async () => {
    const instagram = (
      await app.inject({ url: '/api/catalogue/categories/instagram' })
    ).json<CategoryResponse>();
    const body = (await app.inject({ url: '/sitemap.xml' })).body;
    expect(body).not.toContain('/product/');
    expect(body).not.toContain('/login<');
    expect(body).not.toContain('/register<');
    expect(body).toContain('<loc>http://localhost:3000/category/instagram</loc>');
    expect(instagram.groups.length).toBeGreaterThan(0);
  });
});

describe('link previews', () => {
  it("names the shop's X account (twitter:site) only when TWITTER_SITE is set", async () => {
    const site = async (env?: Record<string, string>) => {
      const { app: other } = env ? await createTestApp({ env }) : { app };
      return (await other.inject({ url: '/api/site' })).json<{ twitterSite: string | null }>();
    };
    expect((await site()).twitterSite).toBeNull();
    expect((await site({ TWITTER_SITE: '@acctstore' })).twitterSite).toBe('@acctstore');
  });
});
