// What the csv-upload tests share (csv-reading and csv-refusals-and-export .test.ts): each file calls
// csvUploadTestKit() for a store of its own.
import { Readable } from 'node:stream';
import { asc, count, eq } from 'drizzle-orm';
import { SAME_ORIGIN, signedInUser } from '../auth-helpers.ts';
import { stockCountOf } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { createCredentialCipher } from '../../modules/stock/credential-cipher.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';

export async function csvUploadTestKit() {
  const cipher = createCredentialCipher(Buffer.from('a'.repeat(64), 'hex'));
  const { app, db, database } = await createTestApp();
  const admin = await signedInUser(app, db, { isAdmin: true });
  const customer = await signedInUser(app, db);
  const headers = (cookie = admin.cookie) => ({ ...SAME_ORIGIN, cookie });

  const category = (
    await app.inject({
      method: 'POST',
      url: '/api/admin/categories',
      headers: headers(),
      payload: { name: 'Uploads' },
    })
  ).json().item.id as string;
  let productGroupCounter = 0;
  async function newTemplate(): Promise<string> {
    const payload = {
      productName: `Upload ${++productGroupCounter}`,
      categoryId: category,
      priceKobo: 100_000,
    };
    return (
      await app.inject({
        method: 'POST',
        url: '/api/admin/product-groups',
        headers: headers(),
        payload,
      })
    ).json().item.id;
  }

  async function upload(
    productGroupId: string,
    csv: string | Readable,
    extra: Record<string, string> = {},
  ) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/product-groups/${productGroupId}/upload`,
      headers: { ...headers(), 'content-type': 'text/csv', ...extra },
      payload: csv,
    });
    return { status: res.statusCode, body: res.json() };
  }
  async function accountsOf(productGroupId: string) {
    const rows = await db
      .select()
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, productGroupId))
      .orderBy(asc(stockAccounts.createdAt), asc(stockAccounts.username));
    const open = (b: Buffer | null) => (b ? cipher.decrypt(b) : null);
    return rows.map((r) => ({
      username: r.username,
      email: r.email,
      password: open(r.passwordEnc),
      emailPassword: open(r.emailPasswordEnc),
      twoFa: open(r.twoFaCodeEnc),
      info: r.additionalInfo,
    }));
  }
  async function countOf(productGroupId: string) {
    const [row] = await db
      .select({ n: count() })
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, productGroupId));
    return row!.n;
  }
  const stockOf = (productGroupId: string) => stockCountOf(db, productGroupId);
  const result = (
    created: number,
    skippedInvalid: number,
    skippedDuplicates: number,
    stockCount: number,
  ) => ({
    status: 200,
    body: {
      message: `Successfully uploaded ${created} account${created === 1 ? '' : 's'}!`,
      created,
      skippedInvalid,
      skippedDuplicates,
      stockCount,
    },
  });
  return {
    cipher,
    app,
    db,
    database,
    admin,
    customer,
    headers,
    newTemplate,
    upload,
    accountsOf,
    countOf,
    stockOf,
    result,
  };
}
