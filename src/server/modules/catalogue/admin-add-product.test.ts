// Integration tests of the admin catalogue and stock API: who may call it, categories, templates, Add Product,
// account edits, stock_count, encryption at rest and the audit log.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminMessages as m } from '../../../shared/admin-catalogue.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { productGroups } from './catalogue.tables.ts';
import { adminCatalogueTestKit } from '../../test/kits/admin-catalogue-kit.ts';

const { db, api, ok, newCategory, newTemplate, product, addProduct, stockOf, buy, snapshot } =
  await adminCatalogueTestKit();

describe('Add Product and account edits', async () => {
  const cat = await newCategory('Products');

  it.each(['title', 'categoryId', 'priceKobo', 'username', 'password'])(
    'answers the SPEC message when %s is missing',
    async (field) => {
      const input: Record<string, unknown> = product(cat, 'P Missing', 'missing_user');
      delete input[field];
      expect(await api('POST', '/api/admin/accounts', input)).toEqual({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: m.accountRequired } },
      });
    },
  );

  it("answers 'Selected category not found' for an unknown category", async () => {
    expect(await api('POST', '/api/admin/accounts', product('no-such', 'P', 'u'))).toMatchObject({
      status: 400,
      body: { error: { message: 'Selected category not found' } },
    });
  });

  it("creates '{Category} - General' (active) for a category without templates, and reuses it", async () => {
    const own = await newCategory('Threads App');
    const res = await api('POST', '/api/admin/accounts', product(own, 'Anything', 'threads_1'));
    expect(res).toMatchObject({
      status: 201,
      body: {
        message: 'Product added successfully!',
        item: { productGroupName: 'Threads App - General', status: 'available' },
      },
    });
    const second = await addProduct(product(own, 'Something else', 'threads_2'));
    expect(second.productGroupId).toBe(res.body.item.productGroupId);
    const [general] = await db
      .select()
      .from(productGroups)
      .where(eq(productGroups.id, second.productGroupId));
    expect(general).toMatchObject({ isActive: true, stockCount: 2 });
  });

  it('puts the account in the template whose name matches the title', async () => {
    const id = await newTemplate(cat, 'P Named');
    expect((await addProduct(product(cat, 'p named', 'named_user'))).productGroupId).toBe(id);
  });

  it('recomputes stock_count after add, edit (reserved is not counted) and delete', async () => {
    const id = await newTemplate(cat, 'P Stock');
    const a = await addProduct(product(cat, 'P Stock', 'stock_a'));
    await addProduct(product(cat, 'P Stock', 'stock_b'));
    expect(await stockOf(id)).toBe(2);
    const edit = await api('PATCH', `/api/admin/accounts/${a.id}`, {
      username: 'stock_a',
      status: 'reserved',
    });
    expect(edit).toMatchObject({
      status: 200,
      body: { message: 'Account updated successfully!', item: { status: 'reserved' } },
    });
    expect(await stockOf(id)).toBe(1);
    await ok('PATCH', `/api/admin/accounts/${a.id}`, { username: 'stock_a', status: 'available' });
    expect(await stockOf(id)).toBe(2);
    expect(await api('DELETE', `/api/admin/accounts/${a.id}`)).toEqual({
      status: 200,
      body: { message: 'Account deleted successfully!' },
    });
    expect(await stockOf(id)).toBe(1);
  });

  it('keeps the stored e-mail when an edit leaves it out, and removes it when an edit sends it empty', async () => {
    const a = await addProduct(product(cat, 'P Mail', 'mail_a', { email: 'mail_a@mail.example' }));
    const emailOf = async () =>
      (
        await db
          .select({ email: stockAccounts.email })
          .from(stockAccounts)
          .where(eq(stockAccounts.id, a.id))
      )[0]!.email;
    await ok('PATCH', `/api/admin/accounts/${a.id}`, { username: 'mail_a2', status: 'available' });
    expect(await emailOf()).toBe('mail_a@mail.example');
    await ok('PATCH', `/api/admin/accounts/${a.id}`, {
      username: 'mail_a2',
      email: '',
      status: 'available',
    });
    expect(await emailOf()).toBeNull();
  });

  it('refuses a second account with the same username in a template (409), case-insensitively', async () => {
    const id = await newTemplate(cat, 'P Dup');
    await addProduct(product(cat, 'P Dup', 'Dup_User'));
    expect(
      await api('POST', '/api/admin/accounts', product(cat, 'P Dup', 'dup_user')),
    ).toMatchObject({ status: 409, body: { error: { message: m.duplicateAccount } } });
    expect(await stockOf(id)).toBe(1);
  });

  it('refuses to edit or delete a sold account (409)', async () => {
    const sold = await addProduct(product(cat, 'P Sold', 'sold_user'));
    await buy(sold.productGroupId, sold.id);
    const before = await snapshot();
    expect(
      await api('PATCH', `/api/admin/accounts/${sold.id}`, { username: 'x', status: 'available' }),
    ).toMatchObject({ status: 409, body: { error: { message: m.accountSold } } });
    expect(await api('DELETE', `/api/admin/accounts/${sold.id}`)).toMatchObject({
      status: 409,
      body: { error: { message: m.accountSold } },
    });
    expect(await snapshot()).toBe(before);
  });
});
