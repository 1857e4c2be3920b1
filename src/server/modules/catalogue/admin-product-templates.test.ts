// Integration tests of the admin catalogue and stock API: who may call it, categories, templates, Add Product,
// account edits, stock_count, encryption at rest and the audit log.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminMessages as m, type AdminCatalogue } from '../../../shared/admin-catalogue.ts';
import type { CatalogueResponse } from '../../../shared/catalogue.ts';
import { orders } from '../orders/orders.tables.ts';
import { productGroups } from './catalogue.tables.ts';
import { adminCatalogueTestKit } from '../../test/kits/admin-catalogue-kit.ts';

const { app, db, api, ok, newCategory, newTemplate, product, addProduct, buy } =
  await adminCatalogueTestKit();

describe('product templates', async () => {
  const cat = await newCategory('Templates');

  it('creates an active template with stock 0 and lists it with its category name', async () => {
    const res = await api('POST', '/api/admin/product-groups', {
      productName: 'T Create',
      categoryId: cat,
      priceKobo: 250_000,
      description: 'd',
      features: ['Email access'],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Product template created successfully!');
    expect(res.body.item).toMatchObject({
      name: 'T Create',
      categoryId: cat,
      categoryName: 'Templates',
      priceKobo: 250_000,
      stockCount: 0,
      isActive: true,
      accountCount: 0,
      features: ['Email access'],
    });
    const list: AdminCatalogue = (await api('GET', '/api/admin/catalogue')).body;
    expect(list.productGroups.find((t) => t.id === res.body.item.id)).toEqual(res.body.item);
  });

  it.each([
    { productName: '' },
    { productName: undefined },
    { categoryId: ' ' },
    { priceKobo: undefined },
  ])("answers 'Please fill in all required fields' when %o", async (change) => {
    const res = await api('POST', '/api/admin/product-groups', {
      productName: 'T Missing',
      categoryId: cat,
      priceKobo: 100,
      ...change,
    });
    expect(res).toEqual({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'Please fill in all required fields' } },
    });
  });

  it("answers 'Selected category not found' for an unknown category, on create and on update", async () => {
    const input = { productName: 'T Unknown', categoryId: 'no-such', priceKobo: 100 };
    expect(await api('POST', '/api/admin/product-groups', input)).toMatchObject({
      status: 400,
      body: { error: { message: 'Selected category not found' } },
    });
    const id = await newTemplate(cat, 'T Unknown');
    expect(await api('PATCH', `/api/admin/product-groups/${id}`, input)).toMatchObject({
      status: 400,
      body: { error: { message: 'Selected category not found' } },
    });
  });

  it('updates name, description, price and features', async () => {
    const id = await newTemplate(cat, 'T Update');
    const res = await api('PATCH', `/api/admin/product-groups/${id}`, {
      productName: 'T Updated',
      categoryId: cat,
      priceKobo: 99_00,
      description: 'new',
      features: ['x'],
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        message: m.productGroupUpdated,
        item: { name: 'T Updated', priceKobo: 9900, description: 'new', features: ['x'] },
      },
    });
  });

  it('archive hides the template (and its category) from the catalogue and keeps existing orders; restore shows it again', async () => {
    const own = await newCategory('Archive Cat');
    const id = await newTemplate(own, 'T Archive');
    await addProduct(product(own, 'T Archive', 'arch_user'));
    const order = await buy(id);
    const visible = async () =>
      (
        (await app.inject({ method: 'GET', url: '/api/catalogue' })).json() as CatalogueResponse
      ).groups.some((g) => g.id === id);
    expect(await visible()).toBe(true);
    expect(await api('POST', `/api/admin/product-groups/${id}/archive`)).toMatchObject({
      status: 200,
      body: { message: m.productGroupArchived, item: { isActive: false } },
    });
    expect(await visible()).toBe(false);
    expect(await db.select().from(orders).where(eq(orders.id, order.id))).toEqual([order]);
    expect(await api('POST', `/api/admin/product-groups/${id}/restore`)).toMatchObject({
      status: 200,
      body: { message: m.productGroupRestored, item: { isActive: true } },
    });
    expect(await visible()).toBe(true);
  });

  it('refuses to delete a template with orders, with accounts, or archived; deletes an empty active one', async () => {
    const withOrder = await newTemplate(cat, 'T Del Orders');
    await addProduct(product(cat, 'T Del Orders', 'del_order_user'));
    await buy(withOrder);
    expect(await api('DELETE', `/api/admin/product-groups/${withOrder}`)).toMatchObject({
      status: 409,
      body: {
        error: {
          message:
            'Cannot delete product group that has existing orders. Please archive it instead or contact support.',
        },
      },
    });
    const withAccount = await newTemplate(cat, 'T Del Accounts');
    await addProduct(product(cat, 'T Del Accounts', 'del_user'));
    expect(await api('DELETE', `/api/admin/product-groups/${withAccount}`)).toMatchObject({
      status: 409,
      body: {
        error: {
          message:
            'Cannot delete product group that has existing accounts. Please remove all accounts first.',
        },
      },
    });
    const archived = await newTemplate(cat, 'T Del Archived');
    await ok('POST', `/api/admin/product-groups/${archived}/archive`);
    expect(await api('DELETE', `/api/admin/product-groups/${archived}`)).toMatchObject({
      status: 409,
      body: { error: { message: m.deleteArchived } },
    });
    const empty = await newTemplate(cat, 'T Del Empty');
    expect(await api('DELETE', `/api/admin/product-groups/${empty}`)).toEqual({
      status: 200,
      body: { message: 'Product template deleted successfully!' },
    });
    expect(await db.select().from(productGroups).where(eq(productGroups.id, empty))).toEqual([]);
    expect((await api('DELETE', `/api/admin/product-groups/${empty}`)).status).toBe(404);
  });
});
