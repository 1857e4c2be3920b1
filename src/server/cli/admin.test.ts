// `npm run admin`: the server's operator makes an admin directly, and removes a lost two-factor sign-in.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../modules/auth/auth.tables.ts';
import { SAME_ORIGIN, signedInUser, signInCookie } from '../test/auth-helpers.ts';
import { runCli } from '../test/maintenance-helpers.ts';
import { createTestApp } from '../test/test-app.ts';
import { enrolTwoFactor } from '../test/two-factor-helpers.ts';

const { app, database, db } = await createTestApp();
const env = { DATABASE_URL: database.url, CREDENTIALS_KEY: 'a'.repeat(64) };
const me = (cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });

describe('npm run admin', () => {
  it('-- EMAIL --reset-2fa removes the two-factor sign-in and ends the sessions; the password signs in again', async () => {
    const { user, cookie } = await signedInUser(app, db, { isAdmin: true });
    await enrolTwoFactor(app, cookie);
    const done = await runCli('admin', [user.email, '--reset-2fa'], env);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain('Two-factor sign-in');
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ totpSecretEnc: null, totpEnabledAt: null });
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual(
      [],
    );
    expect((await me(cookie)).statusCode).toBe(401);
    const again = await signInCookie(app, user.email, user.password);
    expect((await me(again)).json()).toMatchObject({ isAdmin: true, twoFactorEnabled: false });
  });

  it('-- EMAIL --reset-password is a credential change: the old sessions end', async () => {
    const { user, cookie } = await signedInUser(app, db);
    const done = await runCli('admin', [user.email, '--reset-password'], env);
    expect(done.code).toBe(0);
    const password = /Password: (\S+)/.exec(done.stdout)![1]!;
    expect((await me(cookie)).statusCode).toBe(401);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: SAME_ORIGIN,
      payload: { email: user.email, password },
    });
    expect(res.json().user).toMatchObject({ isAdmin: true });
  });
});
