// Integration tests of the admin catalogue and stock API: who may call it, categories, templates, Add Product,
// account edits, stock_count, encryption at rest and the audit log.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminMessages as m,
  type AdminAccountDetails,
  type AdminCatalogue,
} from '../../../shared/admin-catalogue.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { adminCatalogueTestKit } from '../../test/kits/admin-catalogue-kit.ts';

const {
  app,
  db,
  admin,
  customer,
  api,
  ok,
  newCategory,
  newTemplate,
  product,
  addProduct,
  snapshot,
} = await adminCatalogueTestKit();

describe('who may call the admin catalogue and stock API', async () => {
  const cat = await newCategory('Access Test');
  const emptyCat = await newCategory('Access Empty');
  const tpl = await newTemplate(cat, 'Access Template');
  const archived = await newTemplate(cat, 'Access Archived');
  await ok('POST', `/api/admin/product-groups/${archived}/archive`);
  const acc = (await addProduct(product(cat, 'Access Template', 'access_user'))).id;
  const routes: [string, string, (object | string)?][] = [
    ['GET', '/api/admin/catalogue'],
    ['POST', '/api/admin/categories', { name: 'Sneaky' }],
    ['PATCH', `/api/admin/categories/${cat}`, { name: 'Renamed' }],
    ['DELETE', `/api/admin/categories/${emptyCat}`],
    ['POST', '/api/admin/product-groups', { productName: 'Sneaky', categoryId: cat, priceKobo: 1 }],
    [
      'PATCH',
      `/api/admin/product-groups/${tpl}`,
      { productName: 'Renamed', categoryId: cat, priceKobo: 1 },
    ],
    ['DELETE', `/api/admin/product-groups/${tpl}`],
    ['POST', `/api/admin/product-groups/${tpl}/archive`],
    ['POST', `/api/admin/product-groups/${archived}/restore`],
    ['POST', `/api/admin/product-groups/${tpl}/upload`, 'username,password\nsneaky,sneaky-pw\n'],
    ['GET', `/api/admin/product-groups/${tpl}/export.csv`],
    ['GET', '/api/admin/accounts'],
    ['GET', `/api/admin/accounts/${acc}`],
    ['PATCH', `/api/admin/accounts/${acc}`, { username: 'renamed', status: 'reserved' }],
    ['DELETE', `/api/admin/accounts/${acc}`],
    ['POST', '/api/admin/accounts', product(cat, 'Sneaky', 'sneaky')],
  ];
  const cases = routes.flatMap(([method, url, payload]) => [
    { who: 'anonymous', cookie: null, status: 401, method, url, payload },
    { who: 'a customer', cookie: customer.cookie, status: 403, method, url, payload },
  ]);
  it.each(cases)(
    '$who: $method $url answers $status and changes nothing',
    async ({ cookie, status, method, url, payload }) => {
      const before = await snapshot();
      const res = await api(method as 'GET', url, payload, cookie);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      expect(await snapshot()).toBe(before);
    },
  );
});

describe('categories', () => {
  it("creates a category whose id is the slug of its name, and audits it with the admin's e-mail", async () => {
    const res = await api('POST', '/api/admin/categories', {
      name: 'Snap Chat',
      description: 'Snaps',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: 'Category created successfully!',
      item: {
        id: 'snap-chat',
        name: 'Snap Chat',
        description: 'Snaps',
        isActive: true,
        productGroupCount: 0,
      },
    });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, 'snap-chat'));
    expect(audit).toMatchObject({
      action: 'category.create',
      actorEmail: admin.user.email,
      actorUserId: admin.user.id,
    });
  });

  it.each([{}, { name: '' }, { name: '   ' }])(
    "answers 'Please fill in category name' to %o and creates nothing",
    async (payload) => {
      const before = await snapshot();
      expect(await api('POST', '/api/admin/categories', payload)).toEqual({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: 'Please fill in category name' } },
      });
      expect(await snapshot()).toBe(before);
    },
  );

  it('refuses a second category with the same slug (409)', async () => {
    await newCategory('Dup Cat');
    expect(await api('POST', '/api/admin/categories', { name: ' dup  CAT ' })).toMatchObject({
      status: 409,
      body: { error: { message: m.categoryExists } },
    });
  });

  it('edits name and description, keeping the id', async () => {
    const id = await newCategory('Edit Me');
    const res = await api('PATCH', `/api/admin/categories/${id}`, {
      name: 'Edited',
      description: 'New words',
    });
    expect(res).toMatchObject({
      status: 200,
      body: {
        message: 'Category updated successfully!',
        item: { id: 'edit-me', name: 'Edited', description: 'New words' },
      },
    });
    expect((await api('PATCH', '/api/admin/categories/no-such', { name: 'X' })).status).toBe(404);
  });

  it('refuses to delete a category that still has templates, and deletes it once empty', async () => {
    const id = await newCategory('Delete Me');
    const tpl = await newTemplate(id, 'Delete Me Template');
    expect(await api('DELETE', `/api/admin/categories/${id}`)).toMatchObject({
      status: 409,
      body: { error: { message: m.categoryHasProductGroups } },
    });
    await ok('DELETE', `/api/admin/product-groups/${tpl}`);
    expect(await api('DELETE', `/api/admin/categories/${id}`)).toEqual({
      status: 200,
      body: { message: 'Category deleted successfully!' },
    });
    const list: AdminCatalogue = (await api('GET', '/api/admin/catalogue')).body;
    expect(list.categories.map((c) => c.id)).not.toContain(id);
  });
});

describe('credentials at rest', async () => {
  const cat = await newCategory('Secrets');
  const secrets = {
    password: 'Plain-Pass-1234',
    emailPassword: 'Mailbox-Pass-5678',
    twoFaCode: 'TWOFA-CODE-9012',
  };

  it('stores ciphertext only, shows the decrypted values on the details route and never in the list', async () => {
    const item = await addProduct(
      product(cat, 'S', 'secret_user', { email: 'secret@mail.example', ...secrets }),
    );
    const raw = await db.execute<Record<string, Buffer>>(
      sql`select password_enc, email_password_enc, two_fa_code_enc from individual_accounts where id = ${item.id}`,
    );
    const stored = Object.values(raw.rows[0]!);
    expect(stored).toHaveLength(3);
    for (const bytes of stored) {
      expect(Buffer.isBuffer(bytes)).toBe(true);
      for (const plain of Object.values(secrets))
        expect(bytes.includes(Buffer.from(plain))).toBe(false);
    }
    const details: AdminAccountDetails = (await api('GET', `/api/admin/accounts/${item.id}`)).body;
    expect(details).toMatchObject({
      ...secrets,
      username: 'secret_user',
      email: 'secret@mail.example',
      categoryName: 'Secrets',
    });
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/accounts?search=secret',
      headers: { cookie: admin.cookie },
    });
    expect(list.json().accounts.map((a: { id: string }) => a.id)).toEqual([item.id]);
    for (const plain of Object.values(secrets)) expect(list.body).not.toContain(plain);
    expect(list.body).not.toMatch(/password|_enc|twoFa/i);
  });
});
