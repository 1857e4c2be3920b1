// Fuzzing the admin edits with 10,000 generated inputs each: PATCH /api/admin/categories/:id, /templates/:id,
// /accounts/:id and /inbox/:id (ids and raw bodies), and GET /api/admin/users?search= (query strings).
// For every input: never a 5xx; a refused input (4xx) leaves the fixture rows and the audit log exactly as
// they were; an accepted one changed only its target, stored what was sent (trimmed where the schema trims)
// and answers with the row as re-read from the database; a group's stock_count stays equal to its available
// accounts. Each test ends by proving that a real share of its inputs was accepted and another refused.
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { publicDetails } from '../../../shared/catalogue.ts';
import { productGroups } from '../../modules/catalogue/catalogue.tables.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { quickCustomer, SAME_ORIGIN } from '../auth-helpers.ts';
import { insertGroupWithStock, testCipher } from '../stock-helpers.ts';
import { body, parseBody, RUNS } from './fuzz-helpers.ts';
import { adminEditsFuzzKit } from '../kits/fuzz-admin-edits-kit.ts';

const {
  app,
  db,

  TIMEOUT,
  fuzzPatches,
  editedRow,
  trimmed,
  asJson,
  mostly,
  graphemes,
  notBlank,
} = await adminEditsFuzzKit();

it(
  `PATCH /api/admin/accounts/:id: ${RUNS} generated ids and bodies`,
  async ({ annotate }) => {
    const group = await insertGroupWithStock(db, { accounts: 4, categoryId: 'acc-cat' });
    // One account sold the way the store sells: a funded customer buys through the API. It must never change.
    const customer = await quickCustomer(db, group.priceKobo);
    const bought = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: {
        ...SAME_ORIGIN,
        cookie: customer.cookie,
        'idempotency-key': 'fuzz-admin-edits-order',
      },
      payload: { productGroupId: group.id, quantity: 1 },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const fixtures = () =>
      db
        .select()
        .from(stockAccounts)
        .where(eq(stockAccounts.productGroupId, group.id))
        .orderBy(asc(stockAccounts.id));
    const groupRow = async () =>
      (await db.select().from(productGroups).where(eq(productGroups.id, group.id)))[0]!;
    const snapshot = async () => ({ accounts: await fixtures(), group: await groupRow() });
    const initial = await fixtures();
    const ids = initial.map((a) => a.id);
    const sold = initial.find((a) => a.status === 'sold')!;

    // Small pools of names and e-mails (the fixtures' own, in other cases too) so that edits collide (409).
    const knownNames = initial.map((a) => a.username);
    const knownEmails = initial.map((a) => a.email!);
    const validUsername = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          ...knownNames,
          ...knownNames.map((u) => u.toUpperCase()),
          'alpha',
          'ALPHA',
          ' beta ',
          'gamma',
        ),
      },
      { weight: 1, arbitrary: notBlank(24) },
    );
    const username = fc.oneof(
      { weight: 8, arbitrary: validUsername },
      fc.constantFrom('x'.repeat(201), ' '),
    );
    const email = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          ...knownEmails,
          ...knownEmails.map((e) => e.toUpperCase()),
          'alpha@mail.example',
          ' Beta@Mail.Example ',
          '',
          ' ',
        ),
      },
      { weight: 1, arbitrary: fc.emailAddress() },
    );
    const validSecret = fc.oneof(fc.constant(''), graphemes(24));
    const secret = fc.oneof({ weight: 6, arbitrary: validSecret }, fc.constant('p'.repeat(501)));
    const status = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('available', 'reserved') },
      fc.constantFrom('sold', 'Available', ' reserved', ''),
    );
    // Secret-looking keys (cookie, backup_code) are hidden from the console and must survive later edits.
    const detailKey = fc.oneof(
      fc.constantFrom('followers', 'age', 'verified', 'cookie', 'backup_code', 'constructor'),
      fc.string({ maxLength: 70 }),
    );
    const detailValue = fc.oneof(
      graphemes(40),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.jsonValue({ maxDepth: 1 }),
      fc.constant('v'.repeat(501)),
    );
    const details = fc.dictionary(detailKey, detailValue, { maxKeys: 4 });
    const fields = {
      username: mostly(username),
      email: mostly(email),
      password: mostly(secret),
      emailPassword: mostly(secret),
      twoFaCode: mostly(secret),
      status: mostly(status, 8),
      // A "__proto__" key, which fast-check's objects never hold, spelled out: the body parser must refuse it.
      details: fc.oneof(
        { weight: 8, arbitrary: mostly(details) },
        fc.constantFrom('{"__proto__":"kept?","followers":7}', '{"__proto__":{"x":1}}'),
      ),
    };
    const validDetails = fc.dictionary(
      fc.oneof(fc.constantFrom('followers', 'cookie', 'backup_code'), fc.string({ maxLength: 20 })),
      fc.oneof(graphemes(40), fc.integer(), fc.boolean()),
      { maxKeys: 4 },
    );
    const valid = fc.record(
      {
        username: validUsername,
        email,
        password: validSecret,
        emailPassword: validSecret,
        twoFaCode: validSecret,
        status: fc.constantFrom('available', 'reserved'),
        details: validDetails,
      },
      { requiredKeys: ['username', 'status'] },
    );
    const secrets = [
      ['password', 'passwordEnc'],
      ['emailPassword', 'emailPasswordEnc'],
      ['twoFaCode', 'twoFaCodeEnc'],
    ] as const;
    await fuzzPatches(
      {
        ids,
        bodies: body(fields, valid),
        snapshot,
        url: (path) => `/api/admin/accounts/${path}`,
        audits: 1,
        annotate,
      },
      async ({ target, b, res, before, after, accepted }) => {
        // Whatever the answer: stock_count is the number of available accounts.
        expect(after.group.stockCount).toBe(
          after.accounts.filter((a) => a.status === 'available').length,
        );
        if (!accepted) return;
        const input = parseBody(b.payload);
        const { was, row } = editedRow(ids, before.accounts, after.accounts, target.id);
        expect(target.id).not.toBe(sold.id);
        // Omitted e-mail: kept; empty: removed; otherwise trimmed.
        const sentEmail = input['email'];
        const hiddenBefore = Object.fromEntries(
          Object.entries(was.additionalInfo).filter(
            ([k]) => !(k in publicDetails(was.additionalInfo)),
          ),
        );
        expect(row).toEqual({
          ...was,
          username: trimmed(input['username']),
          email: sentEmail === undefined ? was.email : trimmed(sentEmail) || null,
          status: input['status'],
          // The details the console never shows are kept; the shown ones are replaced by those sent.
          additionalInfo: asJson({ ...hiddenBefore, ...(input['details'] as object | undefined) }),
          ...Object.fromEntries(secrets.map(([, column]) => [column, row[column]])), // checked below
        });
        // Omitted or empty secret: the stored ciphertext is kept; otherwise it opens to exactly what was sent.
        for (const [field, column] of secrets) {
          const sent = input[field];
          if (sent === undefined || sent === '') expect(row[column]).toEqual(was[column]);
          else expect(testCipher.decrypt(row[column]!)).toBe(sent);
        }
        expect(res.json().item).toMatchObject({
          id: row.id,
          productGroupId: group.id,
          username: row.username,
          email: row.email,
          status: row.status,
          details: publicDetails(row.additionalInfo),
          soldAt: null,
          orderId: null,
        });
      },
    );
    expect((await fixtures()).find((a) => a.id === sold.id)).toEqual(sold);
  },
  TIMEOUT,
);
