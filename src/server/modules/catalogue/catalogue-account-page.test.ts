// Integration tests of the public catalogue (SPEC.md §4 visibility) on the seeded demo shop, and the promise
// that no public response ever carries a credential.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountResponse, CategoryResponse } from '../../../shared/catalogue.ts';
import { quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { catalogueTestKit } from '../../test/kits/catalogue-kit.ts';

const {
  app,
  db,
  storedSecrets,
  extraSecrets,
  visit,
  asAdmin,
  catalogue,
  firstAccountOf,
  setArchived,
} = await catalogueTestKit();

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
