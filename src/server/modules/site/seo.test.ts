import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CategoryResponse } from '../../../shared/catalogue.ts';
import { seedDemoShop } from '../../demo/seed.ts';
import { testCipher } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { recomputeStockCount } from '../stock/stock-count.ts';

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
    for (const p of ['/', '/products', '/web-services', '/support', '/category/instagram']) {
      expect(res.body).toContain(`<loc>http://localhost:3000${p}</loc>`);
    }
    expect(res.body).not.toContain('/category/followers');
    expect(res.body).not.toContain('/admin');
  });

  it('lists the page of every product on sale, and no other', async () => {
    const instagram = (
      await app.inject({ url: '/api/catalogue/categories/instagram' })
    ).json<CategoryResponse>();
    const ids = instagram.groups.flatMap((g) => g.sampleAccounts.map((a) => a.id));
    expect(ids.length).toBeGreaterThan(0);
    const [sold, ...onSale] = ids; // the first belongs to the first group
    await db.update(stockAccounts).set({ status: 'reserved' }).where(eq(stockAccounts.id, sold!));
    await recomputeStockCount(db, instagram.groups[0]!.id);
    const body = (await app.inject({ url: '/sitemap.xml' })).body;
    for (const id of onSale)
      expect(body).toContain(`<loc>http://localhost:3000/product/${id}</loc>`);
    expect(body).not.toContain(`/product/${sold}<`);
  });
});
