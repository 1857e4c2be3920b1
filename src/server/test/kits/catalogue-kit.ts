// What the catalogue tests share (catalogue-pages and catalogue-account-page .test.ts): each file calls
// catalogueTestKit() for a store of its own.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CatalogueResponse } from '../../../shared/catalogue.ts';
import { seedDemoShop } from '../../demo/seed.ts';
import { SAME_ORIGIN, signedInUser } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { createCredentialCipher } from '../../modules/stock/credential-cipher.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { productGroups } from '../../modules/catalogue/catalogue.tables.ts';

export async function catalogueTestKit() {
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
  return {
    app,
    db,
    storedSecrets,
    extraSecrets,
    visit,
    asAdmin,
    catalogue,
    groupId,
    firstAccountOf,
    setArchived,
  };
}
