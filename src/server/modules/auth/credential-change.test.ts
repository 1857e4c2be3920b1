// The credential rule (credential-change.ts), pair by pair: every kind of outstanding e-mail token × every
// credential change, on the real app and PostgreSQL; then the attacks of issue 36 points 1 and 4 as an
// attacker runs them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insertUser,
  latestEmailTo,
  postSettled,
  signInCookie,
  tokenFromLink,
} from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { users, type EmailTokenPurpose } from './auth.tables.ts';
import { issueEmailToken } from './email-tokens.ts';

const { app, db } = await createTestApp();
let ip = 0;
const post = (url: string, payload: object, cookie?: string) =>
  postSettled(app, url, payload, {
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.2.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
  });
const me = (cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });
const linkToken = tokenFromLink;
let n = 0;
const freshAddress = (who: string) => `${who}-${++n}-${Date.now()}@example.com`;

/** Opens a token of each kind through its own route; 200 when it worked. */
const redeem: Record<EmailTokenPurpose, (token: string) => Promise<number>> = {
  confirm_email: async (token) =>
    (await post('/api/auth/confirm-email', { token_hash: token, type: 'email' })).statusCode,
  reset_password: async (token) =>
    (
      await post('/api/auth/reset-password', {
        token,
        newPassword: 'taken-over-1',
        confirmPassword: 'taken-over-1',
      })
    ).statusCode,
  change_email: async (token) =>
    (await post('/api/auth/confirm-email-change', { token })).statusCode,
};

type Victim = Awaited<ReturnType<typeof insertUser>> & { cookie: string };

/** Each credential change, made by the owner through the real routes. */
const changes: Record<string, (u: Victim) => Promise<void>> = {
  'password change': async (u) => {
    const res = await post(
      '/api/me/password',
      { currentPassword: u.password, newPassword: 'owner-new-1', confirmPassword: 'owner-new-1' },
      u.cookie,
    );
    expect(res.statusCode).toBe(200);
  },
  'password reset': async (u) => {
    await post('/api/auth/forgot-password', { email: u.email });
    const token = linkToken((await latestEmailTo(db, u.email))!.textBody, '/reset-password');
    const res = await post('/api/auth/reset-password', {
      token,
      newPassword: 'owner-new-1',
      confirmPassword: 'owner-new-1',
    });
    expect(res.statusCode).toBe(200);
  },
  'e-mail change': async (u) => {
    const newEmail = freshAddress('moved');
    await post('/api/me/email', { newEmail, currentPassword: u.password }, u.cookie);
    const token = linkToken((await latestEmailTo(db, newEmail))!.textBody, '/email-change');
    expect((await post('/api/auth/confirm-email-change', { token })).statusCode).toBe(200);
  },
};

describe('every credential change voids every outstanding token and ends every other session', () => {
  const kinds: EmailTokenPurpose[] = ['confirm_email', 'reset_password', 'change_email'];
  for (const change of Object.keys(changes))
    for (const kind of kinds)
      it(`${change} voids a ${kind} token`, async () => {
        const user = await insertUser(db, { email: freshAddress('owner') });
        const victim = { ...user, cookie: await signInCookie(app, user.email, user.password) };
        const otherDevice = await signInCookie(app, user.email, user.password);
        const token = await db.transaction((tx) =>
          issueEmailToken(
            tx,
            user.id,
            kind,
            3600_000,
            kind === 'change_email' ? freshAddress('thief') : null,
          ),
        );
        await changes[change]!(victim);
        expect(await redeem[kind](token)).toBe(400);
        expect((await me(otherDevice)).statusCode).toBe(401);
        const [after] = await db.select().from(users).where(eq(users.id, user.id));
        expect(after!.email).not.toMatch(/^thief/);
      });

  it('the token of each kind still works when nothing changed (the pairs above can fail)', async () => {
    for (const kind of kinds) {
      const user = await insertUser(db, { email: freshAddress('control'), confirmed: false });
      const token = await db.transaction((tx) =>
        issueEmailToken(
          tx,
          user.id,
          kind,
          3600_000,
          kind === 'change_email' ? freshAddress('new') : null,
        ),
      );
      expect(await redeem[kind](token), kind).toBe(200);
    }
  });
});

describe('the attacks of issue 36', () => {
  it('1: a pending e-mail change dies when the owner resets the password', async () => {
    const owner = await insertUser(db, { email: freshAddress('owner') });
    const attackerSession = await signInCookie(app, owner.email, owner.password);
    const attackerAddress = freshAddress('attacker');
    await post(
      '/api/me/email',
      { newEmail: attackerAddress, currentPassword: owner.password },
      attackerSession,
    );
    const link = linkToken((await latestEmailTo(db, attackerAddress))!.textBody, '/email-change');
    await changes['password reset']!({ ...owner, cookie: '' });
    expect((await post('/api/auth/confirm-email-change', { token: link })).statusCode).toBe(400);
    expect((await me(attackerSession)).statusCode).toBe(401);
    const [after] = await db.select().from(users).where(eq(users.id, owner.id));
    expect(after!.email).toBe(owner.email);
  });

  it('1: a pending e-mail change dies when the owner changes the password', async () => {
    const owner = await insertUser(db, { email: freshAddress('owner') });
    const attackerSession = await signInCookie(app, owner.email, owner.password);
    const ownerSession = await signInCookie(app, owner.email, owner.password);
    const attackerAddress = freshAddress('attacker');
    await post(
      '/api/me/email',
      { newEmail: attackerAddress, currentPassword: owner.password },
      attackerSession,
    );
    const link = linkToken((await latestEmailTo(db, attackerAddress))!.textBody, '/email-change');
    await changes['password change']!({ ...owner, cookie: ownerSession });
    expect((await post('/api/auth/confirm-email-change', { token: link })).statusCode).toBe(400);
    expect((await me(attackerSession)).statusCode).toBe(401);
    expect((await me(ownerSession)).statusCode).toBe(200);
  });

  it('4: a reset link sent to the old address dies when the e-mail changes', async () => {
    const owner = await insertUser(db, { email: freshAddress('owner') });
    const cookie = await signInCookie(app, owner.email, owner.password);
    await post('/api/auth/forgot-password', { email: owner.email });
    const reset = linkToken((await latestEmailTo(db, owner.email))!.textBody, '/reset-password');
    await changes['e-mail change']!({ ...owner, cookie });
    expect(
      (
        await post('/api/auth/reset-password', {
          token: reset,
          newPassword: 'old-box-pass1',
          confirmPassword: 'old-box-pass1',
        })
      ).statusCode,
    ).toBe(400);
    // The link was opened in a browser without this session, so every session ended; the password is the owner's.
    expect((await me(cookie)).statusCode).toBe(401);
    const [after] = await db.select().from(users).where(eq(users.id, owner.id));
    await expect(signInCookie(app, after!.email, owner.password)).resolves.toMatch(/^sid=/);
  });

  it('4: a token works only for the address it was sent to, even one not voided', async () => {
    const owner = await insertUser(db, { email: freshAddress('owner') });
    const token = await db.transaction((tx) =>
      issueEmailToken(tx, owner.id, 'reset_password', 3600_000),
    );
    // The address changes by a path that does not call the rule (an operator's SQL): the token still dies.
    await db
      .update(users)
      .set({ email: freshAddress('elsewhere') })
      .where(eq(users.id, owner.id));
    expect(await redeem.reset_password(token)).toBe(400);
  });
});
