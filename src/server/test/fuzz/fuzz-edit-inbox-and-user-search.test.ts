// Fuzzing the admin edits with 10,000 generated inputs each: PATCH /api/admin/categories/:id, /templates/:id,
// /accounts/:id and /inbox/:id (ids and raw bodies), and GET /api/admin/users?search= (query strings).
// For every input: never a 5xx; a refused input (4xx) leaves the fixture rows and the audit log exactly as
// they were; an accepted one changed only its target, stored what was sent (trimmed where the schema trims)
// and answers with the row as re-read from the database; a group's stock_count stays equal to its available
// accounts. Each test ends by proving that a real share of its inputs was accepted and another refused.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { hasUnstorableText } from '../../http/validate.ts';
import { users } from '../../modules/auth/auth.tables.ts';
import { inboxMessages } from '../../modules/inbox/inbox.tables.ts';
import { insertUser } from '../auth-helpers.ts';
import { body, parseBody, pathSegment, RUNS } from './fuzz-helpers.ts';
import { adminEditsFuzzKit } from '../kits/fuzz-admin-edits-kit.ts';

const {
  app,
  db,

  TIMEOUT,
  newTally,
  send,
  probe,
  fuzzPatches,
  expectBothPaths,
  editedRow,
  utf8,
  mostly,
} = await adminEditsFuzzKit();

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
