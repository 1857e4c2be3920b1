// Integration tests of the public catalogue (SPEC.md §4 visibility) on the seeded demo shop, and the promise
// that no public response ever carries a credential.
import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type {
  AccountResponse,
  CatalogueResponse,
  CategoryResponse,
} from '../../../shared/catalogue.ts';
import { seedDemoShop } from '../../demo/seed.ts';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createCredentialCipher } from '../stock/credential-cipher.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { productGroups } from './catalogue.tables.ts';

const cipher = createCredentialCipher(Buffer.from('a'.repeat(64), 'hex'));
const { app, db } = await createTestApp();
await seedDemoShop(db, cipher, 'pw');
const admin = await signedInUser(app, db, { isAdmin: true });

/** Every plaintext credential stored so far (decrypted from the database). */
async function storedSecrets(): Promise<string[]> {
  const rows = await db.select().from(stockAccounts);
  return rows.flatMap((r) =>
    [r.passwordEnc, r.emailPasswordEnc, r.twoFaCodeEnc]
      .filter((b) => b !== null)
      .map((b) => cipher.decrypt(b)),
  );
}
const extraSecrets: string[] = [];

function expectNoCredential(body: string, secrets: string[]) {
  expect(body).not.toMatch(/password|_enc/i);
  const leaked = secrets.filter((s) => body.includes(s));
  expect(leaked).toEqual([]);
}

/** A public GET (no cookie) that also checks the body for any stored credential. */
async function visit<T>(url: string, status = 200): Promise<T> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(status);
  expectNoCredential(res.body, [...(await storedSecrets()), ...extraSecrets]);
  return res.json() as T;
}

async function asAdmin(method: 'POST' | 'PATCH', url: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    payload,
    headers: { ...SAME_ORIGIN, cookie: admin.cookie },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

const catalogue = () => visit<CatalogueResponse>('/api/catalogue');
async function groupId(name: string): Promise<string> {
  const [row] = await db
    .select({ id: productGroups.id })
    .from(productGroups)
    .where(eq(productGroups.name, name));
  return row!.id;
}
async function firstAccountOf(groupName: string) {
  const [row] = await db
    .select()
    .from(stockAccounts)
    .where(eq(stockAccounts.productGroupId, await groupId(groupName)))
    .limit(1);
  return row!;
}
const setArchived = (id: string, archived: boolean) =>
  asAdmin('POST', `/api/admin/product-groups/${id}/${archived ? 'archive' : 'restore'}`);

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

describe('the single-account page (GET /api/catalogue/accounts/:id)', () => {
  it('shows the account, its public details (followers) and its group', async () => {
    const stored = await firstAccountOf('LinkedIn 500+ Connections');
    const page = await visit<AccountResponse>(`/api/catalogue/accounts/${stored.id}`);
    expect(page.account).toEqual({
      id: stored.id,
      username: stored.username,
      details: { followers: stored.additionalInfo.followers },
      isAvailable: true,
    });
    expect(page.group).toMatchObject({
      name: 'LinkedIn 500+ Connections',
      categoryId: 'linkedin',
      categoryName: 'LinkedIn',
      priceKobo: 600_000,
    });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '123'])(
    "answers 404 'Product not found' for id %s",
    async (id) => {
      expect(await visit(`/api/catalogue/accounts/${id}`, 404)).toEqual({
        error: { code: 'NOT_FOUND', message: 'Product not found' },
      });
    },
  );

  it("answers 404 'Product not found' for an account of an archived group, and shows it again once restored", async () => {
    const stored = await firstAccountOf('Twitter Aged Account');
    await setArchived(stored.productGroupId, true);
    expect(
      (await visit<{ error: { message: string } }>(`/api/catalogue/accounts/${stored.id}`, 404))
        .error.message,
    ).toBe('Product not found');
    await setArchived(stored.productGroupId, false);
    await visit(`/api/catalogue/accounts/${stored.id}`);
  });

  it('shows a sold account as no longer available, and no longer samples it on the category page', async () => {
    const stored = await firstAccountOf('Facebook Aged 2015-2019');
    const buyer = await quickCustomer(db, 800_000);
    const bought = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie: buyer.cookie, ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
      payload: { productGroupId: stored.productGroupId, quantity: 1, accountId: stored.id },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(
      (await visit<AccountResponse>(`/api/catalogue/accounts/${stored.id}`)).account.isAvailable,
    ).toBe(false);
    const page = await visit<CategoryResponse>('/api/catalogue/categories/facebook-aged');
    expect(page.groups[0]!.sampleAccounts.map((a) => a.id)).not.toContain(stored.id);
  });
});

describe('credentials never reach visitors', () => {
  it('filters secret-looking keys of additional_info (recovery_code, api_token) from public details', async () => {
    extraSecrets.push('RC-7788-XYZ', 'tok-5566-abc');
    const created = await asAdmin('POST', '/api/admin/accounts', {
      title: 'Twitter Aged Account',
      categoryId: 'twitter',
      priceKobo: 250_000,
      username: 'tw_with_secrets',
      password: 'Sup3r-S3cret-Pass!',
      email: 'tw@mail.example',
      emailPassword: 'Mailbox-Pass-99',
      twoFaCode: 'TWOFA-424242',
      details: {
        followers: 4321,
        country: 'NG',
        recovery_code: 'RC-7788-XYZ',
        api_token: 'tok-5566-abc',
      },
    });
    const page = await visit<AccountResponse>(`/api/catalogue/accounts/${created.item.id}`);
    expect(page.account.details).toEqual({
      title: 'Twitter Aged Account',
      followers: 4321,
      country: 'NG',
    });
  });

  it('no public response contains a password, an _enc column or any stored credential', async () => {
    // visit() checks each body against every credential decrypted from the database.
    const { categories, groups } = await catalogue();
    const categoryIds = new Set([
      ...categories.map((c) => c.id),
      ...groups.map((g) => g.categoryId),
    ]);
    for (const id of categoryIds) {
      const page = await visit<CategoryResponse>(`/api/catalogue/categories/${id}`);
      for (const group of page.groups) {
        for (const account of group.sampleAccounts)
          await visit(`/api/catalogue/accounts/${account.id}`);
      }
    }
    const sold = await db
      .select({ id: stockAccounts.id })
      .from(stockAccounts)
      .where(eq(stockAccounts.status, 'sold'));
    for (const { id } of sold) await visit(`/api/catalogue/accounts/${id}`);
    expect((await storedSecrets()).length).toBeGreaterThan(100);
  });
});
