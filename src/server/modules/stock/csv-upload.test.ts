// Integration tests of the bulk CSV upload (SPEC.md §3, §5) and the stock export: parsing, skipped rows,
// duplicates, every error message, the size limit, batches, and formula-safe export.
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { asc, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES, CSV_MAX_MB, csvMessages } from '../../../shared/admin-catalogue.ts';
import { SECRET_KEY } from '../../../shared/catalogue.ts';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { stockCountOf } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { hashToken } from '../auth/sessions.ts';
import { CREDENTIALS_EMAIL_PLACEHOLDER } from '../orders/credentials-email.ts';
import { createCredentialCipher } from './credential-cipher.ts';
import { BATCH_ROWS } from './import-accounts-csv.ts';
import { stockAccounts } from './stock.tables.ts';

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

describe('reading the CSV', () => {
  it('lowercases and trims headers, trims values, and keeps extra columns as public details (followers numeric)', async () => {
    const id = await newTemplate();
    const csv =
      ' Username , EMAIL ,Password, Followers , Country\n  alice ,  alice@mail.example , pw-1 , 1200 , NG \n';
    expect(await upload(id, csv)).toEqual(result(1, 0, 0, 1));
    expect(await accountsOf(id)).toEqual([
      {
        username: 'alice',
        email: 'alice@mail.example',
        password: 'pw-1',
        emailPassword: null,
        twoFa: null,
        info: { followers: 1200, country: 'NG' },
      },
    ]);
    expect(await stockOf(id)).toBe(1);
  });

  it('reads quoted fields holding commas and escaped quotes', async () => {
    const id = await newTemplate();
    expect(
      await upload(id, 'username,password,bio\n"bob, jr","p,""q""","likes ""cats"", dogs"\n'),
    ).toEqual(result(1, 0, 0, 1));
    expect(await accountsOf(id)).toMatchObject([
      { username: 'bob, jr', password: 'p,"q"', info: { bio: 'likes "cats", dogs' } },
    ]);
  });

  it('uses the e-mail as username when there is none, and accepts both two_fa and two_fa_code', async () => {
    const id = await newTemplate();
    expect(
      await upload(
        id,
        'email,password,email_password,two_fa\ncarol@mail.example,pw-c,mail-c,111111\n',
      ),
    ).toEqual(result(1, 0, 0, 1));
    expect(await upload(id, 'username,password,two_fa_code\ndan,pw-d,222222\n')).toEqual(
      result(1, 0, 0, 2),
    );
    expect(await accountsOf(id)).toEqual([
      {
        username: 'carol@mail.example',
        email: 'carol@mail.example',
        password: 'pw-c',
        emailPassword: 'mail-c',
        twoFa: '111111',
        info: {},
      },
      {
        username: 'dan',
        email: null,
        password: 'pw-d',
        emailPassword: null,
        twoFa: '222222',
        info: {},
      },
    ]);
  });

  it('skips and counts rows without a password or without both e-mail and username', async () => {
    const id = await newTemplate();
    const csv =
      'username,email,password\nok1,,pw\n,,pw\nno_password,x@mail.example,\n,ok2@mail.example,pw\n';
    expect(await upload(id, csv)).toEqual(result(2, 2, 0, 2));
    expect((await accountsOf(id)).map((a) => a.username)).toEqual(['ok1', 'ok2@mail.example']);
  });

  it('skips and counts a row holding a NUL character (which PostgreSQL cannot store) and saves the others', async () => {
    const id = await newTemplate();
    const csv =
      'username,password,followers\nbefore,pw,1\nnul\u0000name,pw,2\nnul_detail,pw,3\u0000\nafter,pw,4\n';
    expect(await upload(id, csv)).toEqual(result(2, 2, 0, 2));
    expect((await accountsOf(id)).map((a) => a.username)).toEqual(['after', 'before']);
  });

  it("answers a malformed file with the parser's reason and its line, and no database text", async () => {
    const id = await newTemplate();
    const res = await upload(id, 'username,password\n"open,pw\n');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      new RegExp(`^${csvMessages.processFailed}: .*(quote|Quote).*line`),
    );
  });

  it('skips and counts duplicates: same username or e-mail (any case) already in the template or repeated in the file', async () => {
    const id = await newTemplate();
    await upload(id, 'username,email,password\nDave,dave@mail.example,pw\n');
    const csv = [
      'username,email,password',
      'DAVE,other@mail.example,pw', // username already in the template
      'new1,DAVE@MAIL.EXAMPLE,pw', // e-mail already in the template
      'new2,n2@mail.example,pw',
      'NEW2,n2b@mail.example,pw', // username repeated in the file
      'new3,N2@mail.example,pw', // e-mail repeated in the file
      'new4,n4@mail.example,pw',
    ].join('\n');
    expect(await upload(id, csv)).toEqual(result(2, 0, 4, 3));
    expect((await accountsOf(id)).map((a) => a.username)).toEqual(['Dave', 'new2', 'new4']);

    const again = await upload(id, csv);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/^Failed to create accounts/);
    expect(await countOf(id)).toBe(3);
  });

  it(`inserts every row of a file spanning several batches of ${BATCH_ROWS}`, async () => {
    const id = await newTemplate();
    const n = 2 * BATCH_ROWS + 500;
    const rows = Array.from({ length: n }, (_, i) => `user${i},user${i}@mail.example,pw${i},${i}`);
    rows.push('USER7,fresh@mail.example,pw,1'); // a duplicate of the first batch, found in the third
    expect(await upload(id, `username,email,password,followers\n${rows.join('\n')}\n`)).toEqual(
      result(n, 0, 1, n),
    );
    expect(await countOf(id)).toBe(n);
  });
  it("answers the template's true stock when a purchase of it has not been folded in yet", async () => {
    const id = await newTemplate();
    await upload(id, 'username,password\na,pw\nb,pw\nc,pw\n');
    // The purchase alone, as a process that dies right after its commit leaves it: its change stays pending.
    const { user, cookie } = await quickCustomer(db, 1_000_000);
    const { rows } = await db.execute<{ outcome: string }>(
      sql`select outcome from purchase_order(${user.id}::uuid, ${hashToken(cookie.slice('sid='.length))},
            ${crypto.randomUUID()}, 'hash', ${id}::uuid, 2, null, ${SECRET_KEY.source}, ${CREDENTIALS_EMAIL_PLACEHOLDER})`,
    );
    expect(rows[0]!.outcome).toBe('completed');
    // 3 uploaded, 2 sold, 2 more uploaded: the answer and the template say 3, and nothing is left pending.
    expect(await upload(id, 'username,password\nd,pw\ne,pw\n')).toEqual(result(2, 0, 0, 3));
    expect(await stockOf(id)).toBe(3);
    const pending = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from stock_count_pending where product_group_id = ${id}`,
    );
    expect(pending.rows[0]!.n).toBe(0);
  });

  it('skips a row whose username another upload saved a moment earlier, and saves the rest of the file', async () => {
    const id = await newTemplate();
    // Another writer's row, not yet committed: this upload's COPY waits on its key, then meets it taken. The
    // other writer counts its row as every writer of stock does (an upload raises the count by what it wrote).
    const other = await database.pool.connect();
    try {
      await other.query('begin');
      await other.query(
        `insert into individual_accounts (product_group_id, username, password_enc) values ($1, 'racer', $2)`,
        [id, cipher.encrypt('pw-other')],
      );
      await other.query('update product_groups set stock_count = stock_count + 1 where id = $1', [
        id,
      ]);
      const pending = upload(id, 'username,password\nfirst,pw\nRACER,pw\nlast,pw\n');
      // (Asked on another connection: a transaction sees pg_stat_activity as it was at its first look.)
      const waiting = async () =>
        (
          await database.pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and query like 'copy individual_accounts%'`,
          )
        ).rows[0]!.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      await other.query('commit');
      expect(await pending).toEqual(result(2, 0, 1, 3));
    } finally {
      other.release();
    }
    expect((await accountsOf(id)).map((a) => [a.username, a.password])).toEqual([
      ['racer', 'pw-other'],
      ['first', 'pw'],
      ['last', 'pw'],
    ]);
  });
});

describe('refusals', () => {
  it.each([
    ['no password column', 'username,email\nu,u@mail.example\n', csvMessages.noPassword],
    ['neither e-mail nor username column', 'password,phone\npw,0800\n', csvMessages.noIdentity],
    ['a header only', 'username,password\n', csvMessages.emptyOrInvalid],
    ['blank lines only', '\n\n', csvMessages.emptyOrInvalid],
    ['an empty body', '', csvMessages.noData],
    ['only invalid rows', 'username,password\n,pw\nu,\n', csvMessages.noValidRows],
  ])('answers %s with its message and inserts nothing', async (_case, csv, message) => {
    const id = await newTemplate();
    const res = await upload(id, csv);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await countOf(id)).toBe(0);
  });

  it(`refuses a file over ${CSV_MAX_MB} MB with 413 naming the limit, and inserts nothing`, async () => {
    const id = await newTemplate();
    const row = 'someone@mail.example,a-password-of-some-length\n';
    const csv = `email,password\n${row.repeat(Math.ceil(CSV_MAX_BYTES / row.length))}`;
    expect(csv.length).toBeGreaterThan(CSV_MAX_BYTES);
    expect(csv.length).toBeLessThan(CSV_MAX_BYTES + 100);
    const res = await upload(id, csv);
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(csvMessages.tooLarge(CSV_MAX_MB));
    expect(res.body.error.message).toContain(`${CSV_MAX_MB} MB`);
    expect(await countOf(id)).toBe(0);
  });

  it('stops a streamed (chunked) file at the limit and says how many accounts of its first rows were saved', async () => {
    const id = await newTemplate();
    const valid = Array.from({ length: 2000 }, (_, i) => `s${i},pw,`).join('\n');
    const padding = `,,${'x'.repeat(480)}\n`; // no password: skipped, only fills the stream
    async function* chunks() {
      yield Buffer.from(`username,password,note\n${valid}\n`);
      for (let sent = 0; sent <= CSV_MAX_BYTES; sent += padding.length * 100)
        yield Buffer.from(padding.repeat(100));
    }
    const res = await upload(id, Readable.from(chunks()), { 'transfer-encoding': 'chunked' });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(
      `${csvMessages.tooLarge(CSV_MAX_MB)} 2000 accounts from earlier rows were saved.`,
    );
    expect(await countOf(id)).toBe(2000);
    expect(await stockOf(id)).toBe(2000);
  });

  it("answers 'Please select a product template' for an unknown template", async () => {
    const res = await upload('00000000-0000-4000-8000-000000000000', 'username,password\nu,p\n');
    expect(res).toMatchObject({
      status: 404,
      body: { error: { message: csvMessages.selectProductGroup } },
    });
  });
});

describe('export', () => {
  it('writes a header row and the decrypted values, and neutralises cells that spreadsheets would run as formulas', async () => {
    const id = await newTemplate();
    const csv = [
      'username,email,password,email_password,two_fa,followers',
      'plain_user,plain@mail.example,plain-pw,mail-pw,123456,900',
      '"=HYPERLINK(""http://evil"")",@evil.example,+cmd,-2+3,@SUM(A1),1',
    ].join('\n');
    expect((await upload(id, csv)).status).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/product-groups/${id}/export.csv`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="upload-\d+\.csv"$/);
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header).toEqual([
      'username',
      'email',
      'password',
      'email_password',
      'two_fa_code',
      'status',
      'sold_at',
      'followers',
    ]);
    // Both rows came in one batch (same created_at): compare them in a fixed order.
    expect(rows.sort((a, b) => (a[0]! < b[0]! ? -1 : 1))).toEqual([
      [
        `'=HYPERLINK("http://evil")`,
        "'@evil.example",
        "'+cmd",
        "'-2+3",
        "'@SUM(A1)",
        'available',
        '',
        '1',
      ],
      ['plain_user', 'plain@mail.example', 'plain-pw', 'mail-pw', '123456', 'available', '', '900'],
    ]);
  });

  it('re-imports to exactly the stored values: quoted formula cells and the export-only columns come back as they were', async () => {
    const from = await newTemplate();
    const csv = [
      'username,email,password,email_password,two_fa,followers',
      `"=HYPERLINK(""x"")",@mail.example,+pw,-2+3,'=already-quoted,@9`,
      `plain_user,plain@mail.example,'quote-first,mail-pw,123456,900`,
    ].join('\n');
    expect((await upload(from, csv)).status).toBe(200);
    const exportOf = async (id: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/product-groups/${id}/export.csv`,
          headers: { cookie: admin.cookie },
        })
      ).body;
    const to = await newTemplate();
    expect(await upload(to, await exportOf(from))).toEqual(result(2, 0, 0, 2));
    const stored = await accountsOf(to);
    expect(stored).toEqual(await accountsOf(from));
    expect(stored.find((a) => a.username === '=HYPERLINK("x")')).toEqual({
      username: '=HYPERLINK("x")',
      email: '@mail.example',
      password: '+pw',
      emailPassword: '-2+3',
      // Written by hand as '=..., the quote is the spreadsheet's "text" marker, as in the export.
      twoFa: '=already-quoted',
      info: { followers: '@9' },
    });
    expect(stored.find((a) => a.username === 'plain_user')).toMatchObject({
      password: "'quote-first",
      info: { followers: 900 },
    });
  });

  it('is refused to a customer (403) and to a visitor (401)', async () => {
    const id = await newTemplate();
    const url = `/api/admin/product-groups/${id}/export.csv`;
    expect(
      (await app.inject({ method: 'GET', url, headers: { cookie: customer.cookie } })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
