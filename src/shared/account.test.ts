import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  changePasswordSchema,
  describeDevice,
  resetPasswordSchema,
  updateNameSchema,
} from './account.ts';
import { authMessages } from './auth.ts';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 13; TECNO KI5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    ['curl/8.4.0', 'Unknown device'],
    ['', 'Unknown device'],
  ])('names %s as %s', (ua, name) => {
    expect(describeDevice(ua)).toBe(name);
  });
});

describe('the self-service forms', () => {
  it('apply SPEC.md password rules to a new password', () => {
    const short = resetPasswordSchema.safeParse({
      token: 'x'.repeat(43),
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.error?.issues[0]?.message).toBe(authMessages.passwordTooShort);
    const mismatch = changePasswordSchema.safeParse({
      currentPassword: 'old-pass',
      newPassword: 'abcdef',
      confirmPassword: 'abcdeg',
    });
    expect(mismatch.error?.issues[0]?.message).toBe(authMessages.passwordMismatch);
  });

  it('trims a name and refuses an empty or control-character one', () => {
    expect(updateNameSchema.parse({ fullName: '  Ada Obi ' }).fullName).toBe('Ada Obi');
    expect(updateNameSchema.safeParse({ fullName: '   ' }).error?.issues[0]?.message).toBe(
      accountMessages.nameRequired,
    );
    expect(updateNameSchema.safeParse({ fullName: 'a\u0000b' }).success).toBe(false);
    expect(updateNameSchema.safeParse({ fullName: 'x'.repeat(81) }).error?.issues[0]?.message).toBe(
      accountMessages.nameTooLong,
    );
  });

  it('has a message for every answer, none empty and none repeated', () => {
    const values = Object.values(accountMessages);
    expect(values.every((m) => m.length > 0)).toBe(true);
    expect(new Set(values).size).toBe(values.length);
  });
});
