import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCredentialCipher } from './credential-cipher.ts';

const cipher = createCredentialCipher(crypto.randomBytes(32));

describe('credential cipher', () => {
  it('round-trips text and never stores the plaintext', () => {
    const sealed = cipher.encrypt('hunter2-pässwörd');
    expect(sealed.includes(Buffer.from('hunter2'))).toBe(false);
    expect(cipher.decrypt(sealed)).toBe('hunter2-pässwörd');
  });
  it('uses a fresh IV each time', () => {
    const ivs = new Set(
      Array.from({ length: 1000 }, () => cipher.encrypt('same').subarray(0, 12).toString('hex')),
    );
    expect(ivs.size).toBe(1000);
  });
  it('seals a batch the same way, each value with its own IV', () => {
    const plains = ['', 'a', 'hunter2-pässwörd', ...Array.from({ length: 997 }, () => 'same')];
    const sealed = cipher.encryptMany(plains);
    expect(sealed.map((s) => cipher.decrypt(s))).toEqual(plains);
    expect(new Set(sealed.map((s) => s.subarray(0, 12).toString('hex'))).size).toBe(1000);
    expect(sealed[2]!.includes(Buffer.from('hunter2'))).toBe(false);
  });
  it('refuses a tampered ciphertext', () => {
    const sealed = cipher.encrypt('secret');
    sealed[sealed.length - 1]! ^= 1;
    expect(() => cipher.decrypt(sealed)).toThrow();
  });
  it('refuses another key', () => {
    const other = createCredentialCipher(crypto.randomBytes(32));
    expect(() => other.decrypt(cipher.encrypt('secret'))).toThrow();
  });
});
