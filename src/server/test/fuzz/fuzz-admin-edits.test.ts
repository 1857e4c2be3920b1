// Fuzzing the admin edits with 10,000 generated inputs each: PATCH /api/admin/categories/:id, /templates/:id,
// /accounts/:id and /inbox/:id (ids and raw bodies), and GET /api/admin/users?search= (query strings).
// For every input: never a 5xx; a refused input (4xx) leaves the fixture rows and the audit log exactly as
// they were; an accepted one changed only its target, stored what was sent (trimmed where the schema trims)
// and answers with the row as re-read from the database; a group's stock_count stays equal to its available
// accounts. Each test ends by proving that a real share of its inputs was accepted and another refused.
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { publicDetails } from '../../../shared/catalogue.ts';
import { hasUnstorableText } from '../../http/validate.ts';
import { auditLog } from '../../modules/audit/audit.tables.ts';
import { users } from '../../modules/auth/auth.tables.ts';
import { categories, productGroups } from '../../modules/catalogue/catalogue.tables.ts';
import { inboxMessages } from '../../modules/inbox/inbox.tables.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import { insertUser, quickAdmin, quickCustomer, SAME_ORIGIN } from '../auth-helpers.ts';
import { insertGroupWithStock, testCipher } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import {
  body,
  expectInvariants,
  jsonText,
  parseBody,
  pathSegment,
  postRaw,
  RUNS,
  orHostile,
  orMoneyLike,
} from './fuzz-helpers.ts';

const { app, db } = await createTestApp();
const admin = await quickAdmin(db);

const TIMEOUT = 300_000;
type RawBody = { payload: string; contentType: string };
/** How many inputs were accepted and refused, and the refusals by status code. */
type Tally = { accepted: number; refused: number; refusals: Record<number, number> };
const newTally = (): Tally => ({ accepted: 0, refused: 0, refusals: {} });

/** Sends a request as the admin from the store's own origin; the answer must never be a server error. */
async function send(method: 'GET' | 'PATCH', url: string, b?: RawBody) {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...SAME_ORIGIN,
      cookie: admin.cookie,
      ...(b?.contentType ? { 'content-type': b.contentType } : {}),
    },
    ...(b ? { payload: b.payload } : {}),
  });
  const sent = b ? ` to ${b.contentType} ${JSON.stringify(b.payload).slice(0, 500)}` : '';
  if (res.statusCode >= 500)
    throw new Error(`${method} ${url} answered ${res.statusCode} ${res.body}${sent}`);
  return res;
}

type Answer = Awaited<ReturnType<typeof send>>;
const auditCount = async () => (await db.select({ n: count() }).from(auditLog))[0]!.n;

/**
 * One request between two snapshots of the rows it may touch. A refused answer (any 4xx) must leave the
 * snapshot and the audit log as they were; an accepted one (200) adds `audits` audit rows.
 */
async function probe<S>(
  tally: Tally,
  snapshot: () => Promise<S>,
  request: () => Promise<Answer>,
  audits: 0 | 1,
) {
  const [before, auditsBefore] = await Promise.all([snapshot(), auditCount()]);
  const res = await request();
  const after = await snapshot();
  const accepted = res.statusCode === 200;
  if (accepted) tally.accepted++;
  else {
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(after, `refused with ${res.statusCode} ${res.body}, yet changed`).toEqual(before);
    tally.refused++;
    tally.refusals[res.statusCode] = (tally.refusals[res.statusCode] ?? 0) + 1;
  }
  expect(await auditCount()).toBe(auditsBefore + (accepted ? audits : 0));
  return { res, before, after, accepted };
}

/** probe() for a PATCH of a raw body. */
const patchProbe = <S>(
  tally: Tally,
  snapshot: () => Promise<S>,
  url: string,
  b: RawBody,
  audits: 0 | 1,
) => probe(tally, snapshot, () => send('PATCH', url, b), audits);

/**
 * RUNS PATCHes to `url` of a generated path id (mostly a fixture's) and body, each probed against `snapshot`;
 * `check` sees every answer. Both paths must have been taken.
 */
async function fuzzPatches<S>(
  {
    ids,
    bodies,
    snapshot,
    url,
    audits,
    annotate,
  }: {
    ids: string[];
    bodies: fc.Arbitrary<RawBody>;
    snapshot: () => Promise<S>;
    url: (path: string) => string;
    audits: 0 | 1;
    annotate: (message: string) => Promise<unknown>;
  },
  check: (
    probed: { target: { path: string; id: string }; b: RawBody } & Awaited<
      ReturnType<typeof probe<S>>
    >,
  ) => Promise<void> | void,
) {
  const tally = newTally();
  await fc.assert(
    fc.asyncProperty(pathId(ids), bodies, async (target, b) =>
      check({ target, b, ...(await patchProbe(tally, snapshot, url(target.path), b, audits)) }),
    ),
    { numRuns: RUNS },
  );
  await expectBothPaths(tally, annotate);
}

/** Both paths were exercised: the run cannot pass by refusing (or accepting) everything. */
async function expectBothPaths(tally: Tally, annotate: (message: string) => Promise<unknown>) {
  const refusals = Object.entries(tally.refusals).map(([status, n]) => `${status}: ${n}`);
  await annotate(`accepted ${tally.accepted}, refused ${tally.refused} (${refusals.join(', ')})`);
  expect(tally.accepted).toBeGreaterThan(RUNS / 50);
  expect(tally.refused).toBeGreaterThan(RUNS / 50);
  await expectInvariants(db);
}

/** A path id: mostly a fixture's, else an unknown uuid or any text percent-encoded (`id` is what the server reads). */
function pathId(known: string[]): fc.Arbitrary<{ path: string; id: string }> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...known).map((id) => ({ path: id, id })) },
    fc.uuid().map((id) => ({ path: id, id })),
    fc
      .string({ unit: 'binary', maxLength: 40 })
      .map((s) => ({ path: pathSegment(s), id: utf8(s) })),
  );
}

/** The target's row before and after an accepted edit: the target is a fixture, and no other row changed. */
function editedRow<R extends { id: string }>(ids: string[], before: R[], after: R[], id: string) {
  const was = before.find((r) => r.id === id)!;
  const row = after.find((r) => r.id === id)!;
  expect(ids).toContain(id);
  expect(after.filter((r) => r !== row)).toEqual(before.filter((r) => r !== was));
  return { was, row };
}

/** The string a UTF-8 round trip gives back: a lone surrogate becomes U+FFFD. */
const utf8 = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
const trimmed = (v: unknown) => String(v ?? '').trim();
/** A value as it comes back from jsonb: JSON's -0 is the number 0. */
const asJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
/** A valid value most of the time, else anything hostile, as raw JSON text. */
const mostly = (valid: fc.Arbitrary<unknown>, weight = 6) => jsonText(orHostile(weight, valid));
const graphemes = (maxLength: number, minLength = 0) =>
  fc.string({ unit: 'grapheme', minLength, maxLength });
const notBlank = (maxLength: number) => graphemes(maxLength, 1).filter((s) => s.trim() !== '');

it(
  `PATCH /api/admin/categories/:id: ${RUNS} generated ids and bodies`,
  async ({ annotate }) => {
    const ids: string[] = [];
    for (const name of ['Edit Me A', 'Edit Me B', 'Edit Me C']) {
      const res = await postRaw(app, '/api/admin/categories', admin.cookie, {
        payload: JSON.stringify({ name }),
        contentType: 'application/json',
      });
      ids.push(res.json().item.id);
    }
    await insertGroupWithStock(db, { accounts: 0, categoryId: ids[0]! });
    const productGroupCount: Record<string, number> = { [ids[0]!]: 1, [ids[1]!]: 0, [ids[2]!]: 0 };
    const fixtures = () =>
      db.select().from(categories).where(inArray(categories.id, ids)).orderBy(asc(categories.id));

    const name = fc.oneof(
      { weight: 3, arbitrary: notBlank(30) },
      { weight: 1, arbitrary: fc.constantFrom('  padded  ', 'x'.repeat(80), 'x'.repeat(81), ' ') },
    );
    const valid = fc.record(
      { name: notBlank(40), description: graphemes(100), isActive: fc.boolean() },
      { requiredKeys: ['name'] },
    );
    const fields = {
      name: mostly(name),
      description: mostly(graphemes(100)),
      isActive: mostly(fc.boolean()),
    };
    await fuzzPatches(
      {
        ids,
        bodies: body(fields, valid),
        snapshot: fixtures,
        url: (path) => `/api/admin/categories/${path}`,
        audits: 1,
        annotate,
      },
      async ({ target, b, res, before, after, accepted }) => {
        if (!accepted) return;
        const input = parseBody(b.payload);
        const { was, row } = editedRow(ids, before, after, target.id);
        expect(row).toEqual({
          ...was,
          name: trimmed(input['name']),
          description: trimmed(input['description']),
          isActive: input['isActive'] ?? was.isActive,
        });
        const { id, name, description, isActive } = row;
        expect(res.json().item).toEqual({
          id,
          name,
          description,
          isActive,
          productGroupCount: productGroupCount[id],
        });
      },
    );
  },
  TIMEOUT,
);

it(
  `PATCH /api/admin/product-groups/:id: ${RUNS} generated ids and bodies`,
  async ({ annotate }) => {
    const stocked = await insertGroupWithStock(db, { accounts: 2, categoryId: 'tpl-a' });
    const empty = await insertGroupWithStock(db, { accounts: 0, categoryId: 'tpl-b' });
    const ids = [stocked.id, empty.id];
    const accountCount: Record<string, number> = { [stocked.id]: 2, [empty.id]: 0 };
    const fixtures = () =>
      db
        .select()
        .from(productGroups)
        .where(inArray(productGroups.id, ids))
        .orderBy(asc(productGroups.id));

    const categoryId = fc.constantFrom('tpl-a', 'tpl-b', ' tpl-b ', 'TPL-A', 'no-such-category');
    const price = orMoneyLike(4, fc.integer({ min: 0, max: 10_000_000_000 }), 6);
    const feature = fc.oneof(graphemes(20), fc.constantFrom(' padded ', ' ', 'x'.repeat(81)));
    const features = fc.oneof(
      fc.array(feature, { maxLength: 5 }),
      fc.array(notBlank(10), { minLength: 31, maxLength: 31 }),
    );
    const fields = {
      productName: mostly(fc.oneof(notBlank(40), fc.constantFrom(' padded ', 'x'.repeat(121)))),
      categoryId: mostly(categoryId, 8),
      priceKobo: jsonText(price),
      description: mostly(graphemes(200)),
      features: mostly(features),
      minOrderQuantity: mostly(fc.integer({ min: -1, max: 102 })),
      maxOrderQuantity: mostly(fc.option(fc.integer({ min: -1, max: 102 }), { nil: null })),
      volumePrices: mostly(
        fc.array(
          fc.record({
            minQuantity: fc.integer({ min: -1, max: 102 }),
            priceKobo: fc.integer({ min: -1, max: 10_000_000_000 }),
          }),
          { maxLength: 3 },
        ),
      ),
    };
    const valid = fc.record(
      {
        productName: notBlank(40),
        categoryId,
        priceKobo: fc.integer({ min: 0, max: 10_000_000_000 }),
        description: graphemes(200),
        features: fc.array(notBlank(20), { maxLength: 5 }),
        minOrderQuantity: fc.integer({ min: 1, max: 5 }),
        maxOrderQuantity: fc.option(fc.integer({ min: 5, max: 100 }), { nil: null }),
        volumePrices: fc.constant([]),
      },
      { requiredKeys: ['productName', 'categoryId', 'priceKobo'] },
    );
    await fuzzPatches(
      {
        ids,
        bodies: body(fields, valid),
        snapshot: fixtures,
        url: (path) => `/api/admin/product-groups/${path}`,
        audits: 1,
        annotate,
      },
      async ({ target, b, res, before, after, accepted }) => {
        if (!accepted) return;
        const input = parseBody(b.payload);
        const { was, row } = editedRow(ids, before, after, target.id);
        expect(row).toEqual({
          ...was,
          name: trimmed(input['productName']),
          categoryId: trimmed(input['categoryId']),
          // + 0: a sent -0 is the number zero, which is what the store keeps.
          priceKobo: (input['priceKobo'] as number) + 0,
          description: trimmed(input['description']),
          features: ((input['features'] as string[] | undefined) ?? []).map(trimmed),
          minOrderQuantity: (input['minOrderQuantity'] as number | undefined) ?? 1,
          maxOrderQuantity: (input['maxOrderQuantity'] as number | null | undefined) ?? null,
          volumePrices: [
            ...((input['volumePrices'] as
              { minQuantity: number; priceKobo: number }[] | undefined) ?? []),
          ].sort((a, b) => a.minQuantity - b.minQuantity),
          updatedAt: row.updatedAt,
        });
        // Accepted only as tiers for more accounts at lower prices, each below the one before (and the list price).
        row.volumePrices.forEach((t, i) => {
          expect(t.minQuantity).toBeGreaterThanOrEqual(2);
          expect(t.priceKobo).toBeLessThan(
            i === 0 ? row.priceKobo : row.volumePrices[i - 1]!.priceKobo,
          );
        });
        // Accepted only within the rule: 1 ≤ min ≤ max ≤ MAX_QUANTITY (max may be none).
        expect(row.minOrderQuantity).toBeGreaterThanOrEqual(1);
        if (row.maxOrderQuantity !== null)
          expect(row.maxOrderQuantity).toBeGreaterThanOrEqual(row.minOrderQuantity);
        expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(was.updatedAt.getTime());
        expect(res.json().item).toEqual({
          id: row.id,
          categoryId: row.categoryId,
          categoryName: row.categoryId, // insertGroupWithStock names a category by its id
          name: row.name,
          description: row.description,
          priceKobo: row.priceKobo,
          features: row.features,
          stockCount: accountCount[row.id],
          minOrderQuantity: row.minOrderQuantity,
          maxOrderQuantity: row.maxOrderQuantity,
          volumePrices: row.volumePrices,
          accountCount: accountCount[row.id],
          soldCount: 0,
          isActive: row.isActive,
          createdAt: row.createdAt.toISOString(),
        });
      },
    );
  },
  TIMEOUT,
);

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

it(
  `PATCH /api/admin/inbox/:id: ${RUNS} generated ids and bodies`,
  async ({ annotate }) => {
    for (const [i, name] of ['Chidi', 'Ada', 'Ngozi'].entries()) {
      const contact = {
        type: 'business',
        name,
        email: `${name.toLowerCase()}@example.com`,
        subject: 'Bulk order',
        message: 'Can we talk about 500 accounts?',
      };
      const res = await app.inject({
        method: 'POST',
        url: '/api/inbox/contact',
        payload: contact,
        remoteAddress: `10.77.0.${i + 1}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const ids = (await db.select({ id: inboxMessages.id }).from(inboxMessages)).map((r) => r.id);
    const fixtures = () =>
      db
        .select()
        .from(inboxMessages)
        .where(inArray(inboxMessages.id, ids))
        .orderBy(asc(inboxMessages.id));

    const status = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('new', 'handled') },
      fc.constantFrom('NEW', 'Handled', ' new', 'handled ', 'archived', ''),
    );
    await fuzzPatches(
      {
        ids,
        bodies: body(
          { status: mostly(status) },
          fc.record({ status: fc.constantFrom('new', 'handled') }),
        ),
        snapshot: fixtures,
        url: (path) => `/api/admin/inbox/${path}`,
        audits: 0,
        annotate,
      },
      async ({ target, b, res, before, after, accepted }) => {
        if (!accepted) return;
        const { was, row } = editedRow(ids, before, after, target.id);
        expect(row).toEqual({ ...was, status: parseBody(b.payload)['status'] });
        // The answer is the stored message, without the sender's hashed address.
        const { ipHash: _ipHash, ...fields } = row.fields;
        const { replyText: _text, repliedByEmail: _by, repliedAt: _at, ...stored } = row;
        expect(res.json()).toEqual({
          ...stored,
          fields,
          createdAt: row.createdAt.toISOString(),
          reply: null,
        });
      },
    );
  },
  TIMEOUT,
);

/** One `key=value` of a query string, and the key and value the server's parser reads from it. */
type QueryPart = { text: string; key: string; value: string };

/** Pairs whose reading is spelled out: bare keys, stray or invalid percent signs, plus signs, keys encoded. */
const literalParts: QueryPart[] = [
  { text: 'search', key: 'search', value: '' },
  { text: 'search=', key: 'search', value: '' },
  { text: 'search=%', key: 'search', value: '%' },
  { text: 'search=ada%', key: 'search', value: 'ada%' },
  { text: 'search=%zz', key: 'search', value: '%zz' },
  { text: 'search=%ED%A0%80', key: 'search', value: '%ED%A0%80' }, // an encoded lone surrogate: not UTF-8, read as is
  { text: 'search=%C0%AF', key: 'search', value: '%C0%AF' },
  { text: 'search=ada+obi', key: 'search', value: 'ada obi' },
  { text: 'search=a=b', key: 'search', value: 'a=b' },
  { text: 'search=%00', key: 'search', value: '\u0000' },
  { text: 'search=%25', key: 'search', value: '%' },
  { text: 'search=_', key: 'search', value: '_' },
  { text: '%73earch=obi', key: 'search', value: 'obi' },
  { text: 'search[]=ada', key: 'search[]', value: 'ada' },
  { text: '__proto__=ada', key: '__proto__', value: 'ada' },
  { text: 'x=%00', key: 'x', value: '\u0000' },
];

it(
  `GET /api/admin/users?search=: ${RUNS} generated query strings`,
  async ({ annotate }) => {
    for (const [email, fullName] of [
      ['ada.obi@example.com', 'Ada Obi'],
      ['chidi_okeke@example.ng', 'Chidi OKEKE'],
      ['pct%sign@example.com', '100% Real'],
      ['back\\slash@example.com', 'Back Slash'],
      ['émile.zola@example.fr', 'Émile Zola'],
    ]) {
      const user = await insertUser(db, { email });
      await db.update(users).set({ fullName }).where(eq(users.id, user.id));
    }
    const everyone = () => db.select().from(users).orderBy(asc(users.id));
    const all = await everyone();
    // Matching is case-insensitive as the database folds case (ILIKE): the model folds with the same lower().
    const fold = async (s: string) =>
      (await db.execute<{ folded: string }>(sql`select lower(${s}) as folded`)).rows[0]!.folded;
    const folded = new Map(
      await Promise.all(
        all.map(async (u) => [u.id, [await fold(u.email), await fold(u.fullName)]] as const),
      ),
    );

    const key = fc.oneof(
      { weight: 6, arbitrary: fc.constant('search') },
      fc.constantFrom('Search', 'x', 'limit', 'status', ''),
    );
    const value = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          'ada',
          'ADA',
          'Obi',
          'okeke',
          'example',
          '@',
          '.',
          '%',
          '_',
          '\\',
          'pct%',
          'i_o',
          ' chidi ',
          'ÉMILE',
          'nobody-here',
          '',
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '0',
          '-1',
          '100',
          '0.5',
          '1e308',
          '-1e-400',
          'NaN',
          'null',
          '[]',
          '{}',
          'true',
        ),
      },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'a\u0000',
          '\ud800',
          'a'.repeat(200),
          'a'.repeat(201),
          `${' '.repeat(300)}ada`,
          '😀'.repeat(200),
          '😀'.repeat(201),
          '\u202e',
        ),
      },
    );
    const encodedPart = fc.tuple(key, value, fc.boolean()).map(([k, v, plus]): QueryPart => ({
      text: `${pathSegment(k)}=${plus ? v.split(' ').map(pathSegment).join('+') : pathSegment(v)}`,
      key: utf8(k),
      value: utf8(v),
    }));
    const part = fc.oneof(
      { weight: 4, arbitrary: encodedPart },
      { weight: 1, arbitrary: fc.constantFrom(...literalParts) },
    );
    const query = fc.array(part, { maxLength: 3 });

    /** What the server should do with these pairs: refuse them, or search for this (trimmed) text. */
    function expectedSearch(
      parts: QueryPart[],
    ): { refused: true } | { refused: false; search: string } {
      const searches = parts.filter((p) => p.key === 'search');
      const search = (searches[0]?.value ?? '').trim();
      // At most 200 characters: zod counts code points, so an emoji counts once.
      const refused =
        searches.length > 1 ||
        [...search].length > 200 ||
        hasUnstorableText(parts.flatMap((p) => [p.key, p.value]));
      return refused ? { refused } : { refused, search };
    }

    const tally = newTally();
    await fc.assert(
      fc.asyncProperty(query, async (parts) => {
        const url = `/api/admin/users${parts.length ? `?${parts.map((p) => p.text).join('&')}` : ''}`;
        const { res, accepted } = await probe(tally, everyone, () => send('GET', url), 0);
        const expected = expectedSearch(parts);
        expect(accepted, `${url} → ${res.statusCode}`).toBe(!expected.refused);
        if (expected.refused) return;
        const { users: found, total } = res.json();
        const wanted = expected.search ? await fold(expected.search) : '';
        const matching = all.filter((u) => folded.get(u.id)!.some((text) => text.includes(wanted)));
        expect(total).toBe(all.length);
        expect(found.map((u: { id: string }) => u.id).sort(), url).toEqual(
          matching.map((u) => u.id).sort(),
        );
        // Each answer is the stored user, newest first.
        for (const u of found) {
          const row = all.find((r) => r.id === u.id)!;
          const { id, email, fullName, isAdmin, walletBalanceKobo } = row;
          expect(u).toEqual({
            id,
            email,
            fullName,
            isAdmin,
            role: isAdmin ? 'Admin' : 'Customer',
            walletBalanceKobo,
            isDeleted: row.deletedAt !== null,
            createdAt: row.createdAt.toISOString(),
            // No generated user brought anyone.
            referrals: { referralCount: 0, earnedKobo: 0 },
          });
        }
        const times = found.map((u: { createdAt: string }) => u.createdAt);
        expect(times).toEqual([...times].sort().reverse());
      }),
      { numRuns: RUNS },
    );
    await expectBothPaths(tally, annotate);
  },
  TIMEOUT,
);
