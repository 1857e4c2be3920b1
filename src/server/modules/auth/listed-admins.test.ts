// Admin rights never come from an address alone (listed-admins.ts): the attacks of issue 36 point 2, and the
// two ways an owner does become admin (the invitation or "forgot password", and `npm run admin`, in cli tests).
import { describe, expect, it } from 'vitest';
import {
  insertUser,
  latestEmailTo,
  postSettled,
  signInCookie,
  tokenFromLink,
} from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

const LISTED = ['boss@example.com', 'owner@example.com', 'chief@example.com', 'head@example.com'];
const { app, db } = await createTestApp({ env: { ADMIN_EMAILS: LISTED.join(',') } });
let ip = 0;
const post = (url: string, payload: object, cookie?: string) =>
  postSettled(app, url, payload, {
    headers: cookie ? { cookie } : {},
    remoteAddress: `10.3.0.${++ip}`,
  });
const me = (cookie: string) => app.inject({ url: '/api/me', headers: { cookie } });
const adminList = (cookie: string) => app.inject({ url: '/api/admin/users', headers: { cookie } });
const link = tokenFromLink;
const setPassword = (token: string, password: string) =>
  post('/api/auth/reset-password', { token, newPassword: password, confirmPassword: password });

describe('an ADMIN_EMAILS address registered by someone else', () => {
  it('gains nothing when its owner confirms it; the owner is invited and the invitation makes the admin', async () => {
    // The attacker registers the listed address before its owner does.
    const registered = await post('/api/auth/register', {
      email: 'boss@example.com',
      password: 'attacker-pass',
      confirmPassword: 'attacker-pass',
    });
    expect(registered.statusCode).toBe(201);
    // The owner clicks "confirm your account" in the mail that reached them.
    const confirm = link(
      (await latestEmailTo(db, 'boss@example.com'))!.textBody,
      '/email-confirmation',
    );
    expect(
      (await post('/api/auth/confirm-email', { token_hash: confirm, type: 'email' })).statusCode,
    ).toBe(200);
    // The attacker's password stopped working: the link was opened in another browser than the one that signed up.
    const attackerSignIn = () =>
      post('/api/auth/login', { email: 'boss@example.com', password: 'attacker-pass' });
    expect((await attackerSignIn()).statusCode).toBe(401);
    // The owner got the invitation and sets the password through it: admin, and the attacker is out.
    const invitation = await latestEmailTo(db, 'boss@example.com');
    expect(invitation!.subject).toBe('Set your AcctStore admin password');
    expect(
      (await setPassword(link(invitation!.textBody, '/reset-password'), 'owner-pass-1')).statusCode,
    ).toBe(200);
    expect((await attackerSignIn()).statusCode).toBe(401);
    const owner = await signInCookie(app, 'boss@example.com', 'owner-pass-1');
    expect((await me(owner)).json()).toMatchObject({ isAdmin: true, role: 'admin' });
    expect((await adminList(owner)).statusCode).toBe(200);
  });
});

describe('an account moved to an unregistered ADMIN_EMAILS address', () => {
  it("gains nothing when the address's owner confirms the move, and the mover's sessions end", async () => {
    const customer = await insertUser(db);
    const session = await signInCookie(app, customer.email, customer.password);
    await post(
      '/api/me/email',
      { newEmail: 'owner@example.com', currentPassword: customer.password },
      session,
    );
    // One click by the owner of the listed address on "Confirm your new e-mail address"…
    const change = link((await latestEmailTo(db, 'owner@example.com'))!.textBody, '/email-change');
    expect((await post('/api/auth/confirm-email-change', { token: change })).statusCode).toBe(200);
    // …does not make the customer's session admin: it ends it.
    expect((await me(session)).statusCode).toBe(401);
    const again = await signInCookie(app, 'owner@example.com', customer.password);
    expect((await me(again)).json()).toMatchObject({ isAdmin: false });
    expect((await adminList(again)).statusCode).toBe(403);
  });

  it('even when the mover opens the link in their own signed-in browser', async () => {
    const customer = await insertUser(db);
    const session = await signInCookie(app, customer.email, customer.password);
    await post(
      '/api/me/email',
      { newEmail: 'head@example.com', currentPassword: customer.password },
      session,
    );
    const change = link((await latestEmailTo(db, 'head@example.com'))!.textBody, '/email-change');
    expect(
      (await post('/api/auth/confirm-email-change', { token: change }, session)).statusCode,
    ).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await latestEmailTo(db, 'head@example.com'))!.subject).toBe(
      'Set your AcctStore admin password',
    );
  });
});

describe('the owner of a listed address', () => {
  it('becomes admin through "forgot password": a link mailed to the address sets the password', async () => {
    const account = await insertUser(db, { email: 'chief@example.com' });
    const before = await signInCookie(app, account.email, account.password);
    expect((await me(before)).json().isAdmin).toBe(false);
    await post('/api/auth/forgot-password', { email: 'chief@example.com' });
    const token = link((await latestEmailTo(db, 'chief@example.com'))!.textBody, '/reset-password');
    expect((await setPassword(token, 'chief-pass-1')).statusCode).toBe(200);
    const after = await signInCookie(app, 'chief@example.com', 'chief-pass-1');
    expect((await me(after)).json().isAdmin).toBe(true);
    const activity = await app.inject({
      url: '/api/admin/activity?area=roles',
      headers: { cookie: after },
    });
    expect(JSON.stringify(activity.json())).toContain(
      'invitation link (ADMIN_EMAILS): chief@example.com',
    );
  });

  it('a reset of an address not listed makes no admin', async () => {
    const account = await insertUser(db);
    await post('/api/auth/forgot-password', { email: account.email });
    const token = link((await latestEmailTo(db, account.email))!.textBody, '/reset-password');
    expect((await setPassword(token, 'plain-pass-1')).statusCode).toBe(200);
    const cookie = await signInCookie(app, account.email, 'plain-pass-1');
    expect((await me(cookie)).json().isAdmin).toBe(false);
  });
});
