// AES-256-GCM for stock credentials at rest: [12-byte random IV][16-byte tag][ciphertext] in one bytea.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export type CredentialCipher = {
  encrypt: (plain: string) => Buffer;
  /** encrypt() of each value, in order; the IVs of all of them come from one call for random bytes. */
  encryptMany: (plains: string[]) => Buffer[];
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
    encryptMany(plains) {
      // One CSPRNG call for the whole batch: per value, fetching 12 random bytes costs more than the AES.
      const ivs = crypto.randomBytes(IV_BYTES * plains.length);
      return plains.map((plain, i) => {
        const iv = ivs.subarray(i * IV_BYTES, (i + 1) * IV_BYTES);
        const cipher = crypto.createCipheriv('aes-256-gcm', secret, iv);
        const head = cipher.update(plain, 'utf8');
        const tail = cipher.final(); // empty for GCM, a stream mode: final() computes the tag
        const body = tail.length ? Buffer.concat([head, tail]) : head;
        const sealed = Buffer.allocUnsafe(IV_BYTES + TAG_BYTES + body.length);
        iv.copy(sealed, 0);
        cipher.getAuthTag().copy(sealed, IV_BYTES);
        body.copy(sealed, IV_BYTES + TAG_BYTES);
        return sealed;
      });
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

/** An account's sealed credentials, opened; null for the optional ones it does not have. */
export function openCredentials(
  cipher: CredentialCipher,
  sealed: { passwordEnc: Buffer; emailPasswordEnc: Buffer | null; twoFaCodeEnc: Buffer | null },
): { password: string; emailPassword: string | null; twoFaCode: string | null } {
  const open = (b: Buffer | null) => (b ? cipher.decrypt(b) : null);
  return {
    password: cipher.decrypt(sealed.passwordEnc),
    emailPassword: open(sealed.emailPasswordEnc),
    twoFaCode: open(sealed.twoFaCodeEnc),
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
