import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../shared/account.ts';
import { insertUser, latestEmailTo, SAME_ORIGIN, signInCookie } from '../../test/auth-helpers.ts';
import { accountTestKit } from '../../test/kits/account-kit.ts';

const { app, db, post, me, linkToken } = await accountTestKit();

describe('profile settings', () => {
  it('changes the name', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { fullName: '  Ada Obi  ' },
    });
    expect(res.json().message).toBe(accountMessages.nameSaved);
    expect((await me(cookie)).json().fullName).toBe('Ada Obi');
    const empty = await app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { fullName: ' ' },
    });
    expect(empty.json().error.message).toBe(accountMessages.nameRequired);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const user = await insertUser(db);
    const here = await signInCookie(app, user.email, user.password);
    const there = await signInCookie(app, user.email, user.password);
    const change = (currentPassword: string) =>
      post(
        '/api/me/password',
        { currentPassword, newPassword: 'new-secret', confirmPassword: 'new-secret' },
        { cookie: here },
      );
    const wrong = await change('not-it');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'WRONG_PASSWORD',
      message: accountMessages.currentPasswordWrong,
    });
    expect((await me(there)).statusCode).toBe(200);

    const ok = await change(user.password);
    expect(ok.json().message).toBe(accountMessages.passwordChanged);
    expect((await me(here)).statusCode).toBe(200);
    expect((await me(there)).statusCode).toBe(401);
    expect((await latestEmailTo(db, user.email))!.subject).toBe(
      'Your AcctStore password was changed',
    );
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'new-secret' })).statusCode,
    ).toBe(200);
  });

  it('stops answering wrong current passwords after five in a row', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    const body = (currentPassword: string) => ({
      currentPassword,
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
    });
    for (let i = 0; i < 5; i++)
      expect((await post('/api/me/password', body('wrong'), { cookie })).statusCode).toBe(400);
    expect((await post('/api/me/password', body(user.password), { cookie })).statusCode).toBe(429);
  });
});

describe('changing the e-mail address', () => {
  it('changes only when the link sent to the new address is opened, then tells the old address', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    const taken = await insertUser(db);
    expect(
      (
        await post(
          '/api/me/email',
          { newEmail: 'fresh@example.com', currentPassword: 'nope' },
          { cookie },
        )
      ).json().error.code,
    ).toBe('WRONG_PASSWORD');
    const clash = await post(
      '/api/me/email',
      { newEmail: taken.email, currentPassword: user.password },
      { cookie },
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(accountMessages.emailTaken);
    expect(
      (
        await post(
          '/api/me/email',
          { newEmail: user.email, currentPassword: user.password },
          { cookie },
        )
      ).json().error.message,
    ).toBe(accountMessages.emailSame);

    const asked = await post(
      '/api/me/email',
      { newEmail: 'Fresh@Example.com', currentPassword: user.password },
      { cookie },
    );
    expect(asked.json().message).toBe(accountMessages.emailChangeSent);
    expect((await me(cookie)).json().email).toBe(user.email);
    const token = linkToken(
      (await latestEmailTo(db, 'fresh@example.com'))!.textBody,
      '/email-change',
    );

    // Opened in the browser of this session, which stays signed in (every other session ends).
    const done = await post('/api/auth/confirm-email-change', { token }, { cookie });
    expect(done.json()).toMatchObject({
      message: accountMessages.emailChanged,
      email: 'fresh@example.com',
    });
    expect((await me(cookie)).json().email).toBe('fresh@example.com');
    const notice = await latestEmailTo(db, user.email);
    expect(notice!.subject).toBe('Your AcctStore e-mail address was changed');
    expect(notice!.textBody).toContain('fresh@example.com');

    const reused = await post('/api/auth/confirm-email-change', { token });
    expect(reused.json().error).toEqual({
      code: 'EMAIL_CHANGE_INVALID',
      message: accountMessages.emailChangeInvalid,
    });
    expect(
      (await post('/api/auth/login', { email: 'fresh@example.com', password: user.password }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/login', { email: user.email, password: user.password })).statusCode,
    ).toBe(401);
  });

  it('refuses the link when someone registered the address in the meantime', async () => {
    const user = await insertUser(db);
    const cookie = await signInCookie(app, user.email, user.password);
    await post(
      '/api/me/email',
      { newEmail: 'race@example.com', currentPassword: user.password },
      { cookie },
    );
    const token = linkToken(
      (await latestEmailTo(db, 'race@example.com'))!.textBody,
      '/email-change',
    );
    await insertUser(db, { email: 'race@example.com' });
    const res = await post('/api/auth/confirm-email-change', { token });
    expect(res.statusCode).toBe(409);
    expect((await me(cookie)).json().email).toBe(user.email);
  });
});
