// Fuzzing POST /api/admin/accounts (add one stock account) with 10,000 generated bodies: never a 5xx; what
// is accepted is stored encrypted and opens to exactly what was sent; stock counts stay right.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { categories } from '../../modules/catalogue/catalogue.tables.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { quickAdmin } from '../auth-helpers.ts';
import { testCipher } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import {
  body,
  expectInvariants,
  hostileText,
  jsonText,
  moneyLike,
  parseBody,
  postRaw,
  RUNS,
  orHostile,
} from './fuzz-helpers.ts';

const { app, db } = await createTestApp();

it(`POST /api/admin/accounts: ${RUNS} generated bodies`, async () => {
  const admin = await quickAdmin(db);
  await db.insert(categories).values({ id: 'fuzz', name: 'Fuzz' });
  const text = (valid: fc.Arbitrary<string>) => jsonText(orHostile(6, valid));
  const unicode = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 });
  const details = fc.oneof(
    fc.dictionary(
      fc.string({ maxLength: 70 }),
      fc.oneof(fc.string({ unit: 'grapheme' }), fc.double(), fc.boolean(), fc.jsonValue()),
      { maxKeys: 4 },
    ),
    hostileText,
  );
  const fields = {
    title: text(fc.constantFrom('Fuzz Gram', 'Other')),
    categoryId: text(fc.constant('fuzz')),
    priceKobo: jsonText(
      fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 1_000_000 }) }, moneyLike),
    ),
    username: text(unicode),
    password: text(unicode),
    email: text(fc.emailAddress()),
    emailPassword: text(unicode),
    twoFaCode: text(unicode),
    details: jsonText(details),
  };
  const valid = fc.record({
    title: fc.constantFrom('Fuzz Gram', 'Other'),
    categoryId: fc.constant('fuzz'),
    priceKobo: fc.integer({ min: 0, max: 1_000_000 }),
    username: unicode.filter((s) => s.trim() !== ''),
    password: unicode,
    email: fc.emailAddress(),
    emailPassword: unicode,
    twoFaCode: unicode,
    details: fc.dictionary(
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer(), fc.boolean()),
      { maxKeys: 4 },
    ),
  });
  const passwords = new Map<string, string>();
  await fc.assert(
    fc.asyncProperty(body(fields, valid), async (b) => {
      const res = await postRaw(app, '/api/admin/accounts', admin.cookie, b);
      if (res.statusCode === 409) expect(res.json().error.code).toBe('CONFLICT');
      if (res.statusCode === 201)
        passwords.set(res.json().item.id, String(parseBody(b.payload)['password']));
    }),
    { numRuns: RUNS },
  );
  expect(passwords.size).toBeGreaterThan(RUNS / 100);
  // What was accepted is stored sealed (no plaintext in the bytes) and opens to exactly what was sent.
  for (const row of await db.select().from(stockAccounts)) {
    const sent = passwords.get(row.id)!;
    expect(testCipher.decrypt(row.passwordEnc)).toBe(sent);
    if (Buffer.byteLength(sent) >= 8)
      expect(row.passwordEnc.includes(Buffer.from(sent))).toBe(false);
  }
  const [sample] = passwords;
  const opened = await app.inject({
    url: `/api/admin/accounts/${sample![0]}`,
    headers: { cookie: admin.cookie },
  });
  expect(opened.json().password).toBe(sample![1]);
  await expectInvariants(db);
}, 180_000);
