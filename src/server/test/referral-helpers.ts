// For the referral tests: a referrer's code, a sign-up through /r/CODE from a chosen address and device, and a
// top-up credited through the real settle path.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../modules/auth/auth.tables.ts';
import type { Settle } from '../modules/payments/settle-payment.ts';
import { payments } from '../modules/payments/payments.tables.ts';
import { quickSessionToken, SAME_ORIGIN } from './auth-helpers.ts';

let n = 0;
/** A fresh address, so that no two sign-ups share one unless a test says so. */
export const nextAddress = () => (n++, `10.41.${Math.floor(n / 250)}.${(n % 250) + 1}`);
/** A fresh device id, the shape http/device-cookie.ts gives. */
export const newDevice = () => crypto.randomBytes(16).toString('base64url');

export function referralClient(app: FastifyInstance, db: Db) {
  async function codeOf(cookie: string): Promise<string> {
    const res = await app.inject({ url: '/api/referrals', headers: { cookie } });
    if (res.statusCode !== 200)
      throw new Error(`GET /api/referrals: ${res.statusCode} ${res.body}`);
    return res.json<{ code: string }>().code;
  }

  /** Follows /r/CODE and signs up, from `ip` on `device`; the new user's id and a session cookie. */
  async function signUpThrough(
    code: string,
    { ip = nextAddress(), device = newDevice() }: { ip?: string; device?: string } = {},
  ) {
    const visit = await app.inject({
      url: `/r/${code}`,
      cookies: { device },
      remoteAddress: ip,
    });
    const ref = visit.cookies.find((c) => c.name === 'ref')?.value;
    const email = `referee-${crypto.randomBytes(5).toString('hex')}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: SAME_ORIGIN,
      cookies: { device, ...(ref ? { ref } : {}) },
      remoteAddress: ip,
      payload: { email, password: 'referee-pass-1', confirmPassword: 'referee-pass-1' },
    });
    if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user!.id));
    return {
      user: user!,
      cookie: `sid=${await quickSessionToken(db, user!.id)}`,
      visit,
      register: res,
    };
  }

  /** Starts a top-up of `naira` and returns its payment id (not yet credited). */
  async function startTopup(cookie: string, naira: number): Promise<string> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { amountKobo: naira * 100 },
    });
    if (res.statusCode !== 201) throw new Error(`top-up: ${res.statusCode} ${res.body}`);
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.reference, res.json<{ reference: string }>().reference));
    return row!.id;
  }

  async function topUp(settle: Settle, cookie: string, naira: number): Promise<void> {
    const outcome = await settle(await startTopup(cookie, naira), 'webhook');
    if (!outcome.creditedNow) throw new Error('top-up not credited');
  }

  return { codeOf, signUpThrough, startTopup, topUp };
}
