// Sessions, cookies, the cross-site guard and the security headers, in development and production config.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../modules/auth/auth.tables.ts';
import { hashToken } from '../../modules/auth/sessions.ts';
import { quickCustomer, SAME_ORIGIN } from '../auth-helpers.ts';
import { sessionsAndHeadersTestKit } from '../kits/sessions-and-headers-kit.ts';

const { PROD_ORIGIN, app, db, prod, login, me, tokenOf } = await sessionsAndHeadersTestKit();

describe('the session cookie', () => {
  it('is httpOnly, SameSite=Lax, Path=/, not Secure and named sid outside production', async () => {
    const res = await login(app);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.domain).toBeUndefined();
    expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).not.toContain(cookie!.value);
  });

  it('is __Host-sid and Secure in production, and only that name signs in there', async () => {
    const res = await login(prod, { origin: PROD_ORIGIN });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-sid');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.domain).toBeUndefined();
    // Sign-in also sets the device cookie (referral rewards' known-device rule): find the session's line.
    expect([res.headers['set-cookie']].flat()).toContainEqual(
      expect.stringMatching(/^__Host-sid=[^;]+;.*Secure/),
    );
    expect((await me(prod, `__Host-sid=${cookie!.value}`)).statusCode).toBe(200);
    expect((await me(prod, `sid=${cookie!.value}`)).statusCode).toBe(401);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
  });
});

describe('the referral and device cookies', () => {
  it('are HttpOnly, SameSite=Lax, of limited life, and Secure in production', async () => {
    const referrer = await quickCustomer(db);
    const mine = await app.inject({ url: '/api/referrals', headers: { cookie: referrer.cookie } });
    const visit = await prod.inject({ url: `/r/${mine.json<{ code: string }>().code}` });
    expect(visit.statusCode).toBe(302);
    for (const name of ['ref', 'device']) {
      const cookie = visit.cookies.find((c) => c.name === name);
      expect(cookie, name).toMatchObject({
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        path: '/',
      });
      expect(cookie!.maxAge, name).toBeGreaterThan(0);
    }
  });
});

describe('sessions', () => {
  it('get a new token at every sign-in, and the session the browser came with is revoked', async () => {
    const first = tokenOf(await login(app));
    const second = tokenOf(await login(app, { cookie: `sid=${first}` }));
    const third = tokenOf(await login(app));
    expect(new Set([first, second, third]).size).toBe(3);
    expect((await me(app, `sid=${first}`)).statusCode).toBe(401);
    expect((await me(app, `sid=${second}`)).statusCode).toBe(200);
    expect((await me(app, `sid=${third}`)).statusCode).toBe(200);
  });

  it('never adopt a token the browser brought (no session fixation)', async () => {
    const planted = crypto.randomBytes(32).toString('base64url');
    const issued = tokenOf(await login(app, { cookie: `sid=${planted}` }));
    expect(issued).not.toBe(planted);
    expect((await me(app, `sid=${planted}`)).statusCode).toBe(401);
  });

  it('refuse a signed-out cookie, and sign-out clears the cookie', async () => {
    const token = tokenOf(await login(app));
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `sid=${token}`, ...SAME_ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'sid');
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    const res = await me(app, `sid=${token}`);
    expect([res.statusCode, res.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    ).toEqual([]);
  });

  it('refuse an expired session, an unknown token and an oversized one', async () => {
    const { cookie } = await quickCustomer(db);
    expect((await me(app, cookie)).statusCode).toBe(200);
    const token = cookie.slice('sid='.length);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await me(app, cookie)).statusCode).toBe(401);
    expect((await me(app, `sid=${crypto.randomBytes(32).toString('base64url')}`)).statusCode).toBe(
      401,
    );
    expect((await me(app, `sid=${'a'.repeat(5000)}`)).statusCode).toBe(401);
  });

  it('are remembered only for the purchase (web and API key), whose purchase_order() checks the session again', () => {
    // A route added to this list must check the session inside its own transaction, as the purchase does
    // (drizzle/0016): otherwise a session ended in another process would still pass its door for 30 s. An API
    // key's session row is checked by the same purchase_order() (docs/decisions/023).
    const remembered = app.apiRoutes.filter((r) => r.sessionCheckedByVerb);
    expect(remembered.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/orders',
      'POST /api/v1/orders',
    ]);
  });
});
