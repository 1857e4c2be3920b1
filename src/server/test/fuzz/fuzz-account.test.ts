// Fuzzing the self-service account routes with generated bodies (FUZZ_RUNS each, a few hundred by default):
// never a 5xx; a name is stored exactly as accepted; refused password, e-mail and deletion requests change
// nothing; forged reset and e-mail-change tokens are never accepted; every invariant holds.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { sessions, users } from '../../modules/auth/auth.tables.ts';
import { fundWallet, insertUser, SAME_ORIGIN, signInCookie } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import {
  body,
  expectInvariants,
  hostileText,
  jsonText,
  moneyLike,
  parseBody,
  pathSegment,
  postRaw,
} from './fuzz-helpers.ts';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);
const { app, db } = await createTestApp();
const user = await insertUser(db, { password: 'fuzz-secret' });
const cookie = await signInCookie(app, user.email, user.password);
await fundWallet(db, user.id, 10_000);
const snapshot = async () => (await db.select().from(users).where(eq(users.id, user.id)))[0]!;

it(`PATCH /api/me: ${RUNS} generated names`, async () => {
  const valid = fc.record({
    fullName: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
  });
  await fc.assert(
    fc.asyncProperty(body({ fullName: jsonText(hostileText) }, valid), async (b) => {
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...SAME_ORIGIN, cookie, 'content-type': b.contentType },
        payload: b.payload,
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode !== 200) return;
      const sent = parseBody(b.payload)['fullName'];
      expect(typeof sent).toBe('string');
      expect((await snapshot()).fullName).toBe((sent as string).trim());
      expect(res.json().fullName).toBe((sent as string).trim());
    }),
    { numRuns: RUNS },
  );
}, 120_000);

it(`POST /api/me/password, /api/me/email, /api/me/delete: ${RUNS} generated bodies each change nothing without the password`, async () => {
  const before = await snapshot();
  const password = fc.oneof(hostileText, fc.constant('fuzz-secreT'), fc.constant(' fuzz-secret'));
  const routes = {
    '/api/me/password': body({
      currentPassword: jsonText(password),
      newPassword: jsonText(hostileText),
      confirmPassword: jsonText(hostileText),
    }),
    '/api/me/email': body({
      newEmail: jsonText(fc.oneof(fc.emailAddress(), hostileText)),
      currentPassword: jsonText(password),
    }),
    '/api/me/delete': body({
      password: jsonText(password),
      shownBalanceKobo: jsonText(fc.oneof(fc.constant(10_000), moneyLike)),
    }),
  };
  for (const [url, generated] of Object.entries(routes)) {
    await fc.assert(
      fc.asyncProperty(generated, async (b) => {
        const res = await postRaw(app, url, cookie, b);
        expect(
          res.statusCode >= 400 && res.statusCode < 500,
          `${url} ${res.statusCode} ${res.body}`,
        ).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }
  const after = await snapshot();
  expect([after.email, after.passwordHash, after.deletedAt, after.walletBalanceKobo]).toEqual([
    before.email,
    before.passwordHash,
    null,
    10_000,
  ]);
  expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
}, 180_000);

it(`public token routes: ${RUNS} generated bodies each, no forged token accepted`, async () => {
  const before = await snapshot();
  const token = fc.oneof(
    hostileText,
    fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'),
      minLength: 43,
      maxLength: 43,
    }),
  );
  const routes = {
    '/api/auth/forgot-password': body({
      email: jsonText(fc.oneof(fc.emailAddress(), hostileText)),
    }),
    '/api/auth/reset-password': body({
      token: jsonText(token),
      newPassword: jsonText(hostileText),
      confirmPassword: jsonText(hostileText),
    }),
    '/api/auth/confirm-email-change': body({ token: jsonText(token) }),
  };
  for (const [url, generated] of Object.entries(routes)) {
    await fc.assert(
      fc.asyncProperty(generated, async (b) => {
        const res = await postRaw(app, url, '', b);
        const refused = res.statusCode >= 400 && res.statusCode < 500;
        expect(
          refused || (url === '/api/auth/forgot-password' && res.statusCode === 200),
          `${url} ${res.statusCode} ${res.body}`,
        ).toBe(true);
      }),
      { numRuns: RUNS },
    );
  }
  // DELETE /api/me/sessions/:id with generated ids: someone else's or nobody's session is "not found".
  await fc.assert(
    fc.asyncProperty(
      fc.oneof(fc.uuid(), fc.string({ unit: 'binary', maxLength: 40 }).map(pathSegment)),
      async (id) => {
        const res = await app.inject({
          method: 'DELETE',
          url: `/api/me/sessions/${id}`,
          headers: { ...SAME_ORIGIN, cookie },
        });
        expect([400, 404]).toContain(res.statusCode);
      },
    ),
    { numRuns: RUNS },
  );
  const after = await snapshot();
  expect([after.email, after.passwordHash]).toEqual([before.email, before.passwordHash]);
  expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  await expectInvariants(db);
}, 180_000);
