// Integration tests of the bulk CSV upload (SPEC.md §3, §5) and the stock export: parsing, skipped rows,
// duplicates, every error message, the size limit, batches, and formula-safe export.
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES, CSV_MAX_MB, csvMessages } from '../../../shared/admin-catalogue.ts';
import { csvUploadTestKit } from '../../test/kits/csv-upload-kit.ts';

const { app, admin, customer, newTemplate, upload, accountsOf, countOf, stockOf, result } =
  await csvUploadTestKit();

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
