// Integration tests of the public catalogue (SPEC.md §4 visibility) on the seeded demo shop, and the promise
// that no public response ever carries a credential.
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CategoryResponse } from '../../../shared/catalogue.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { catalogueTestKit } from '../../test/kits/catalogue-kit.ts';

const { db, visit, asAdmin, catalogue, groupId, firstAccountOf, setArchived } =
  await catalogueTestKit();

describe('the products page (GET /api/catalogue)', () => {
  it('lists only categories with an active group in stock: the seeded followers category (unpriced, no stock) is not listed', async () => {
    const { categories, groups } = await catalogue();
    expect(categories.map((c) => c.id).sort()).toEqual([
      'facebook',
      'facebook-aged',
      'instagram',
      'linkedin',
      'tiktok',
      'twitter',
      'youtube',
    ]);
    expect(categories.find((c) => c.id === 'instagram')).toEqual({
      id: 'instagram',
      name: 'Instagram',
      description: 'Aged and active Instagram accounts with real followers',
      groupCount: 2,
      stockCount: 15,
      minPriceKobo: 350_000,
    });
    expect(groups.find((g) => g.name === 'Instagram Followers Boost')).toMatchObject({
      categoryId: 'followers',
      stockCount: 0,
      priceKobo: 0,
    });
  });

  it('hides an archived group, and its category when that group was the only one with stock', async () => {
    const starter = await groupId('YouTube Starter Channel');
    await asAdmin('POST', '/api/admin/product-groups', {
      productName: 'YouTube Monetised Channel',
      categoryId: 'youtube',
      priceKobo: 9_000_000,
    });
    await setArchived(starter, true);
    await setArchived(await groupId('Instagram 5K Followers'), true);
    const { categories, groups } = await catalogue();
    expect(groups.map((g) => g.name)).not.toContain('YouTube Starter Channel');
    expect(groups.map((g) => g.name)).toContain('YouTube Monetised Channel');
    expect(categories.map((c) => c.id)).not.toContain('youtube');
    expect(categories.find((c) => c.id === 'instagram')).toMatchObject({
      groupCount: 1,
      stockCount: 12,
    });

    await setArchived(starter, false);
    await setArchived(await groupId('Instagram 5K Followers'), false);
    const after = await catalogue();
    expect(after.categories.map((c) => c.id)).toContain('youtube');
    expect(after.categories.find((c) => c.id === 'instagram')).toMatchObject({
      groupCount: 2,
      stockCount: 15,
    });
  });

  it('hides every group of an inactive category, on the list, the category page and the account page', async () => {
    const account = await firstAccountOf('TikTok Creator Account');
    await asAdmin('PATCH', '/api/admin/categories/tiktok', { name: 'TikTok', isActive: false });
    const { categories, groups } = await catalogue();
    expect(categories.map((c) => c.id)).not.toContain('tiktok');
    expect(groups.filter((g) => g.categoryId === 'tiktok')).toEqual([]);
    expect(await visit('/api/catalogue/categories/tiktok', 404)).toEqual({
      error: { code: 'NOT_FOUND', message: 'Category not found' },
    });
    expect(
      (await visit<{ error: { message: string } }>(`/api/catalogue/accounts/${account.id}`, 404))
        .error.message,
    ).toBe('Product not found');

    await asAdmin('PATCH', '/api/admin/categories/tiktok', { name: 'TikTok', isActive: true });
    expect((await catalogue()).categories.map((c) => c.id)).toContain('tiktok');
  });
});

describe('a category page (GET /api/catalogue/categories/:id)', () => {
  it('shows its active groups, each with a few available accounts and their public details', async () => {
    const page = await visit<CategoryResponse>('/api/catalogue/categories/instagram');
    expect(page.category).toMatchObject({
      id: 'instagram',
      name: 'Instagram',
      groupCount: 2,
      stockCount: 15,
    });
    expect(page.groups.map((g) => g.name).sort()).toEqual([
      'Instagram 1K Followers',
      'Instagram 5K Followers',
    ]);
    const oneK = page.groups.find((g) => g.name === 'Instagram 1K Followers')!;
    expect(oneK.sampleAccounts.length).toBeGreaterThan(0);
    expect(oneK.sampleAccounts.length).toBeLessThan(12); // a few, not the whole stock
    expect(oneK.sampleAccounts[0]).toMatchObject({
      isAvailable: true,
      details: { followers: expect.any(Number) },
    });
    expect(Object.keys(oneK.sampleAccounts[0]!).sort()).toEqual([
      'details',
      'id',
      'isAvailable',
      'username',
    ]);
  });

  it("shows each group's own oldest available accounts, six at most", async () => {
    // Stock added over time, its age the reverse of its ids, so neither order can stand in for the other.
    await db.execute(sql`
      update ${stockAccounts} a set created_at = timestamptz '2026-01-01' - r.n * interval '1 minute'
        from (select id, row_number() over (order by id) as n from ${stockAccounts}) r
       where r.id = a.id`);
    const page = await visit<CategoryResponse>('/api/catalogue/categories/instagram');
    for (const group of page.groups) {
      const oldest = await db
        .select({ id: stockAccounts.id })
        .from(stockAccounts)
        .where(
          and(eq(stockAccounts.productGroupId, group.id), eq(stockAccounts.status, 'available')),
        )
        .orderBy(asc(stockAccounts.createdAt), asc(stockAccounts.id))
        .limit(6);
      expect(oldest.length).toBeGreaterThan(0);
      expect(group.sampleAccounts.map((a) => a.id)).toEqual(oldest.map((a) => a.id));
    }
  });

  it.each(['nope', 'x'.repeat(100), 'instagram%27%20or%201=1'])(
    "answers 404 'Category not found' for an unknown id (%#)",
    async (id) => {
      expect(await visit(`/api/catalogue/categories/${id}`, 404)).toEqual({
        error: { code: 'NOT_FOUND', message: 'Category not found' },
      });
    },
  );

  it('stays reachable by link when the category has no stock, and has no price then', async () => {
    const page = await visit<CategoryResponse>('/api/catalogue/categories/followers');
    expect(page.category).toMatchObject({
      id: 'followers',
      groupCount: 1,
      stockCount: 0,
      minPriceKobo: null,
    });
    expect(page.groups).toHaveLength(1);
    expect(page.groups[0]!.sampleAccounts).toEqual([]);
  });
});
