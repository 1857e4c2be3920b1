// Fuzzing POST /api/admin/product-groups/:id/upload with 10,000 generated CSV texts (unicode, commas, quotes,
// broken quoting, odd headers and line ends), plus a few bodies over the 20 MB limit: never a 5xx, stock
// counts stay right, and the oversized ones are refused with 413.
import { Readable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_MAX_BYTES } from '../../../shared/admin-catalogue.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { quickAdmin, SAME_ORIGIN } from '../auth-helpers.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { expectInvariants, postRaw, RUNS, someId } from './fuzz-helpers.ts';

const { app, db } = await createTestApp();
const admin = await quickAdmin(db);
const productGroups = await Promise.all(
  [0, 1, 2].map(() => insertGroupWithStock(db, { accounts: 0 })),
);

const cell = fc.oneof(
  fc.stringMatching(/^[a-z0-9_.@-]{1,12}$/),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '"',
    '""',
    '","',
    'a,b',
    '"quoted, with comma"',
    '"say ""hi"""',
    '"multi\nline"',
    '=cmd|calc',
    '\ufeff',
    '\r',
    '123456789012345678',
    'x'.repeat(600),
  ),
);
const header = fc.oneof(
  fc.constantFrom(
    'username,password',
    'email,password',
    'username,email,password,email_password,two_fa_code,followers',
    'password',
    'username',
    ' USERNAME , Password ',
    '\ufeffusername,password',
    'username,password,,',
  ),
  fc.array(cell, { minLength: 1, maxLength: 6 }).map((cells) => cells.join(',')),
);
const line = fc.array(cell, { maxLength: 7 }).map((cells) => cells.join(','));
const csv = fc
  .tuple(
    header,
    fc.array(line, { maxLength: 8 }),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.boolean(),
  )
  .map(([h, rows, eol, trailing]) => [h, ...rows].join(eol) + (trailing ? eol : ''));
const text = fc.oneof(
  { weight: 8, arbitrary: csv },
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constant(''),
);
const productGroupId = someId(8, fc.constantFrom(...productGroups.map((t) => t.id)), 20);
const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('text/csv') },
  fc.constantFrom(
    'text/plain',
    'application/octet-stream',
    'application/json',
    'text/csv; charset=utf-8',
    '',
  ),
);

describe('CSV upload fuzzing', () => {
  it(`POST /api/admin/product-groups/:id/upload: ${RUNS} generated files`, async () => {
    let uploaded = 0;
    await fc.assert(
      fc.asyncProperty(productGroupId, text, contentType, async (id, payload, type) => {
        const res = await postRaw(app, `/api/admin/product-groups/${id}/upload`, admin.cookie, {
          payload,
          contentType: type,
        });
        if (res.statusCode !== 200) return;
        const result = res.json();
        expect(result.created).toBeGreaterThanOrEqual(1);
        const [available] = await db
          .select({ n: count() })
          .from(stockAccounts)
          .where(and(eq(stockAccounts.productGroupId, id), eq(stockAccounts.status, 'available')));
        expect(result.stockCount).toBe(available!.n);
        uploaded++;
      }),
      { numRuns: RUNS },
    );
    expect(uploaded).toBeGreaterThan(RUNS / 50);
    await expectInvariants(db);
  }, 180_000);

  const upload = (headers: Record<string, string>, payload: string | Readable) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/product-groups/${productGroups[0]!.id}/upload`,
      headers: { ...SAME_ORIGIN, cookie: admin.cookie, 'content-type': 'text/csv', ...headers },
      payload,
    });

  it('refuses a file over 20 MB by its Content-Length, before reading it', async () => {
    const res = await upload({}, `username,password\n${'a'.repeat(CSV_MAX_BYTES)}`);
    expect([res.statusCode, res.json().error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('refuses a streamed file once it passes 20 MB, whatever it declared', async () => {
    const chunks = function* () {
      yield Buffer.from('username,password\nbig,');
      for (let i = 0; i < 21; i++) yield Buffer.alloc(1024 * 1024, 'b');
    };
    const before = (await db.select().from(stockAccounts)).length;
    const res = await upload({ 'transfer-encoding': 'chunked' }, Readable.from(chunks()));
    expect([res.statusCode, res.json().error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect((await db.select().from(stockAccounts)).length).toBe(before);
    await expectInvariants(db);
  });

  it('refuses JSON bodies over 1 MB on the money and admin endpoints', async () => {
    const big = JSON.stringify({ amountKobo: 1000_00, reason: 'x'.repeat(1024 * 1024), name: 'x' });
    for (const url of [
      '/api/wallet/topups',
      `/api/admin/users/${admin.user.id}/adjust`,
      '/api/admin/product-groups',
      '/api/admin/accounts',
      '/api/admin/categories',
    ]) {
      const res = await postRaw(app, url, admin.cookie, {
        payload: big,
        contentType: 'application/json',
      });
      expect([res.statusCode, res.json().error.code], url).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    }
  });
});
