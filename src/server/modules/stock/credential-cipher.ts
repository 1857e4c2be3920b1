// AES-256-GCM for stock credentials at rest: [12-byte random IV][16-byte tag][ciphertext] in one bytea.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export type CredentialCipher = {
  encrypt: (plain: string) => Buffer;
  decrypt: (sealed: Buffer) => string;
};

export function createCredentialCipher(key: Buffer): CredentialCipher {
  if (key.length !== 32) throw new Error('The credentials key must be 32 bytes');
  // A KeyObject prepared once: passing raw bytes makes Node re-import the key on every call (3-4x slower).
  const secret = crypto.createSecretKey(key);
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', secret, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decrypt(sealed) {
      if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed credential is too short');
      const decipher = crypto.createDecipheriv('aes-256-gcm', secret, sealed.subarray(0, IV_BYTES));
      decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** CREDENTIALS_KEY when configured; otherwise a key generated once into the data folder (said in the log). */
export function loadCredentialsKey(
  configured: string | undefined,
  dataDir: string,
  log: (msg: string) => void,
): Buffer {
  if (configured) return Buffer.from(configured, 'hex');
  const keyPath = path.join(dataDir, 'credentials.key');
  if (!fs.existsSync(keyPath)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(keyPath, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    log(
      `Generated a credentials encryption key at ${keyPath}. Back it up: without it, stored credentials cannot be read.`,
    );
  }
  return Buffer.from(fs.readFileSync(keyPath, 'utf8').trim(), 'hex');
}
