// GET /api/session: every page asks who is signed in; a visitor is an answer (200, null), not an error.
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

const { app, db } = await createTestApp();
const session = (cookie?: string) =>
  app.inject({ url: '/api/session', headers: cookie ? { cookie } : {} });

describe('who is signed in', () => {
  it('answers a visitor, and a cookie that names no session, with null and status 200', async () => {
    for (const res of [await session(), await session('sid=no-such-session')]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ me: null });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers a signed-in customer with who they are and their balance, and null once signed out', async () => {
    const { user, cookie } = await quickCustomer(db, 250_000);
    expect((await session(cookie)).json()).toMatchObject({
      me: { id: user.id, email: user.email, walletBalanceKobo: 250_000, isAdmin: false },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect((await session(cookie)).json()).toEqual({ me: null });
  });
});
