// Two-factor sign-in on the real app and PostgreSQL: enrolment, the sign-in's second step, recovery codes,
// step-up before money actions, the limit on wrong codes under a burst, the secret sealed at rest.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR_LIMIT, twoFactorMessages } from '../../../../shared/two-factor.ts';
import { insertUser, SAME_ORIGIN, signedInUser, signInCookie } from '../../../test/auth-helpers.ts';
import { createTestApp, testConfig } from '../../../test/test-app.ts';
import { enrolTwoFactor, stepUpSession, totpCode } from '../../../test/two-factor-helpers.ts';
import { createCredentialCipher } from '../../stock/credential-cipher.ts';
import { sessions, signInChallenges, users } from '../auth.tables.ts';
import { deleteExpiredSessions } from '../sessions.ts';
import { stockAccounts } from '../../stock/stock.tables.ts';
import { insertGroupWithStock } from '../../../test/stock-helpers.ts';

// As in production: admins need two-factor sign-in before any admin route answers.
const { app, db } = await createTestApp({
  deps: { config: { ...testConfig(), adminsNeedTwoFactor: true } },
});
let ip = 0;
const post = (url: string, payload: object, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...SAME_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: `10.4.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
  });
const me = (cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });
const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) =>
  res.cookies.find((c) => c.name === name && c.value !== '')?.value;

/** Password, then code: the session cookie, or the failed answer. */
async function signInWithCode(email: string, password: string, code: string) {
  const first = await post('/api/auth/login', { email, password });
  expect(first.json()).toEqual({ secondFactorRequired: true });
  expect(cookieOf(first, 'sid')).toBeUndefined();
  const challenge = `sfc=${cookieOf(first, 'sfc')}`;
  const second = await post('/api/auth/login/second-factor', { code }, challenge);
  return { second, challenge, cookie: `sid=${cookieOf(second, 'sid')}` };
}

const adjust = (userId: string, cookie: string) =>
  post(
    `/api/admin/users/${userId}/adjust`,
    { action: 'credit', amountKobo: 100_00, reason: 'Goodwill credit' },
    cookie,
  );

describe('enrolment', () => {
  it('turns on only with a right code, seals the secret, hands out 10 recovery codes once, ends other sessions', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const other = await signInCookie(app, user.email, user.password);
    // A borrowed session without the password cannot turn it on.
    const borrowed = await post('/api/me/two-factor/setup', { currentPassword: 'guess' }, other);
    expect(borrowed.json().error.code).toBe('WRONG_PASSWORD');
    const setup = await post(
      '/api/me/two-factor/setup',
      { currentPassword: user.password },
      cookie,
    );
    const { secret, uri, qr } = setup.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\/AcctStore:.+\?.*secret=/);
    expect(qr.length).toBeGreaterThan(20);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecretEnc!.toString('latin1')).not.toContain(secret);
    expect(
      createCredentialCipher(Buffer.from('a'.repeat(64), 'hex')).decrypt(row!.totpSecretEnc!),
    ).toBe(secret);
    expect(row!.totpEnabledAt).toBeNull();

    const wrong = await post('/api/me/two-factor/enable', { code: '000000' }, cookie);
    expect(wrong.json().error.code).toBe('SECOND_FACTOR_WRONG');
    const right = await post('/api/me/two-factor/enable', { code: totpCode(secret) }, cookie);
    expect(right.statusCode).toBe(200);
    expect(right.json().recoveryCodes).toHaveLength(10);
    expect((await me(cookie)).json().twoFactorEnabled).toBe(true);
    expect((await me(other)).statusCode).toBe(401);
    const again = await post(
      '/api/me/two-factor/setup',
      { currentPassword: user.password },
      cookie,
    );
    expect(again.json().error.code).toBe('TWO_FACTOR_ALREADY_ON');
  });
});

describe('signing in', () => {
  it('asks for the code after the password; a wrong code gives no session; a code works once', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const { secret } = await enrolTwoFactor(app, cookie);
    const wrong = await signInWithCode(user.email, user.password, '123456');
    expect(wrong.second.json().error).toEqual({
      code: 'SECOND_FACTOR_WRONG',
      message: twoFactorMessages.wrongCode,
    });
    const code = totpCode(secret, 1);
    const right = await post('/api/auth/login/second-factor', { code }, wrong.challenge);
    expect(right.statusCode).toBe(200);
    expect(right.json().user.email).toBe(user.email);
    // The challenge is spent, and the same code does not open a second sign-in.
    expect(
      (await post('/api/auth/login/second-factor', { code }, wrong.challenge)).json().error.code,
    ).toBe('SECOND_FACTOR_EXPIRED');
    const replay = await signInWithCode(user.email, user.password, code);
    expect(replay.second.json().error.message).toBe(twoFactorMessages.codeUsed);
  });

  it('takes each recovery code once', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const { recoveryCodes } = await enrolTwoFactor(app, cookie);
    const first = await signInWithCode(user.email, user.password, recoveryCodes[0]!);
    expect(first.second.statusCode).toBe(200);
    const again = await signInWithCode(user.email, user.password, recoveryCodes[0]!);
    expect(again.second.json().error.code).toBe('SECOND_FACTOR_WRONG');
  });

  it('an unanswered sign-in is pruned once expired', async () => {
    const { user, cookie } = await signedInUser(app, db);
    await enrolTwoFactor(app, cookie);
    await post('/api/auth/login', { email: user.email, password: user.password });
    const mine = eq(signInChallenges.userId, user.id);
    await deleteExpiredSessions(db);
    expect(await db.select().from(signInChallenges).where(mine)).toHaveLength(1);
    await db
      .update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(mine);
    await deleteExpiredSessions(db);
    expect(await db.select().from(signInChallenges).where(mine)).toHaveLength(0);
  });

  it('a password reset drops a sign-in waiting for its code', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const { secret } = await enrolTwoFactor(app, cookie);
    const first = await post('/api/auth/login', { email: user.email, password: user.password });
    const challenge = `sfc=${cookieOf(first, 'sfc')}`;
    await post(
      '/api/me/password',
      {
        currentPassword: user.password,
        newPassword: 'changed-pass-1',
        confirmPassword: 'changed-pass-1',
      },
      cookie,
    );
    const res = await post(
      '/api/auth/login/second-factor',
      { code: totpCode(secret, 1) },
      challenge,
    );
    expect(res.json().error.code).toBe('SECOND_FACTOR_EXPIRED');
  });
});

describe('wrong codes under a burst', () => {
  it(`40 parallel wrong codes: exactly ${SECOND_FACTOR_LIMIT.max} are checked, the rest refused; then even a right code waits`, async () => {
    const { cookie } = await signedInUser(app, db);
    const { secret } = await enrolTwoFactor(app, cookie);
    const burst = await Promise.all(
      Array.from({ length: 40 }, () =>
        post('/api/me/two-factor/step-up', { code: '000000' }, cookie),
      ),
    );
    const codes = burst.map((r) => r.json().error.code);
    expect(codes.filter((c) => c === 'SECOND_FACTOR_WRONG')).toHaveLength(SECOND_FACTOR_LIMIT.max);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(40 - SECOND_FACTOR_LIMIT.max);
    const right = await post('/api/me/two-factor/step-up', { code: totpCode(secret, 1) }, cookie);
    expect(right.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: twoFactorMessages.tooManyCodes,
    });
  });

  it("wrong codes from strangers lock strangers out, per account and per address, never the owner's own browser", async () => {
    const { user, cookie } = await signedInUser(app, db);
    const { secret } = await enrolTwoFactor(app, cookie);
    const inject = (url: string, payload: object, ip: string, cookies: string[]) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...SAME_ORIGIN, cookie: cookies.join('; ') },
        remoteAddress: ip,
      });
    const device = (id: string | null) => (id ? [`device=${id}`] : []);
    const attempt = async (ip: string, deviceId: string | null, codes: string[]) => {
      const first = await inject('/api/auth/login', user, ip, device(deviceId));
      const challenge = [`sfc=${cookieOf(first, 'sfc')}`, ...device(deviceId)];
      const answers = [];
      for (const code of codes)
        answers.push(
          (await inject('/api/auth/login/second-factor', { code }, ip, challenge)).statusCode,
        );
      return answers;
    };
    const owner = 'owners-browser-0123456';
    // The owner once completed a sign-in on this browser.
    expect(await attempt('10.7.0.1', owner, [totpCode(secret, 0)])).toEqual([200]);
    // A stranger who knows the password spends the account's wrong codes: then even their right code waits.
    const wrong = Array<string>(SECOND_FACTOR_LIMIT.max).fill('000000');
    expect(await attempt('10.7.0.2', 'strangers-device-01234', [...wrong, '000000'])).toEqual([
      ...wrong.map(() => 400),
      429,
    ]);
    expect(await attempt('10.7.0.3', null, [totpCode(secret, 1)])).toEqual([429]);
    // The owner's own browser still gets in with its right code.
    expect(await attempt('10.7.0.1', owner, [totpCode(secret, 1)])).toEqual([200]);
  });

  it('right codes are not counted', async () => {
    const { cookie } = await signedInUser(app, db);
    const { recoveryCodes } = await enrolTwoFactor(app, cookie);
    for (const code of recoveryCodes.slice(0, SECOND_FACTOR_LIMIT.max + 2))
      expect((await post('/api/me/two-factor/step-up', { code }, cookie)).statusCode).toBe(200);
  });
});

describe('admins', () => {
  it('without two-factor sign-in may only enrol; then money actions ask for a fresh code, per session', async () => {
    const admin = await signedInUser(app, db, { isAdmin: true });
    const customer = await insertUser(db);
    const blocked = await app.inject({
      url: '/api/admin/users',
      headers: { cookie: admin.cookie },
    });
    expect(blocked.json().error).toEqual({
      code: 'TWO_FACTOR_REQUIRED',
      message: twoFactorMessages.required,
    });
    expect((await me(admin.cookie)).json()).toMatchObject({
      twoFactorRequired: true,
      twoFactorEnabled: false,
    });
    const { secret, recoveryCodes } = await enrolTwoFactor(app, admin.cookie);
    expect(
      (await app.inject({ url: '/api/admin/users', headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(200);

    // Revealing credentials, one account or a template's whole stock as CSV, asks for a code too.
    const group = await insertGroupWithStock(db, { accounts: 1 });
    const [account] = await db
      .select({ id: stockAccounts.id })
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, group.id));
    for (const url of [
      `/api/admin/accounts/${account!.id}`,
      `/api/admin/product-groups/${group.id}/export.csv`,
    ]) {
      const res = await app.inject({ url, headers: { cookie: admin.cookie } });
      expect(res.json().error.code, url).toBe('STEP_UP_REQUIRED');
    }
    const unconfirmed = await adjust(customer.id, admin.cookie);
    expect(unconfirmed.json().error).toEqual({
      code: 'STEP_UP_REQUIRED',
      message: twoFactorMessages.stepUpRequired,
    });
    await stepUpSession(app, admin.cookie, secret, 1);
    expect((await adjust(customer.id, admin.cookie)).statusCode).toBe(200);
    const shown = await app.inject({
      url: `/api/admin/accounts/${account!.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(shown.json().password).toEqual(expect.any(String));
    // Another session of the same admin has proved nothing.
    const other = await signInWithCode(admin.user.email, admin.user.password, recoveryCodes[0]!);
    expect((await adjust(customer.id, other.cookie)).json().error.code).toBe('STEP_UP_REQUIRED');
    // A few minutes later the proof has lapsed.
    await db
      .update(sessions)
      .set({ stepUpAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.userId, admin.user.id));
    expect((await adjust(customer.id, admin.cookie)).json().error.code).toBe('STEP_UP_REQUIRED');
    // An admin must keep it.
    const off = await post(
      '/api/me/two-factor/disable',
      { code: totpCode(secret, 1) },
      admin.cookie,
    );
    expect(off.json().error.code).toBe('TWO_FACTOR_REQUIRED');
  });

  it('customers may turn it off with a code', async () => {
    const { cookie } = await signedInUser(app, db);
    const { recoveryCodes } = await enrolTwoFactor(app, cookie);
    expect(
      (await post('/api/me/two-factor/disable', { code: recoveryCodes[0]! }, cookie)).statusCode,
    ).toBe(200);
    expect((await me(cookie)).json().twoFactorEnabled).toBe(false);
  });
});
