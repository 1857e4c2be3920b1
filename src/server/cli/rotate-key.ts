// `npm run rotate-key`: re-encrypts every stored credential and sealed e-mail from the current key to
// NEW_CREDENTIALS_KEY in one transaction (maintenance/rotate-credentials-key.ts). Stop the store first.
// With the embedded database and no CREDENTIALS_KEY, the key lives in $DATA_DIR/credentials.key: then a new key
// is generated when NEW_CREDENTIALS_KEY is not given, and the file is replaced once the transaction committed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { RotationRefused, rotateCredentialsKey } from '../maintenance/rotate-credentials-key.ts';
import { createCredentialCipher } from '../modules/stock/credential-cipher.ts';
import { databaseUrlFor } from './database-url.ts';

const config = loadConfig();
const keyFile = path.join(config.dataDir, 'credentials.key');
const usesKeyFile = !config.CREDENTIALS_KEY;
if (usesKeyFile && !fs.existsSync(keyFile))
  fail(`No key to rotate from: CREDENTIALS_KEY is not set and ${keyFile} does not exist.`);
if (!usesKeyFile && !config.NEW_CREDENTIALS_KEY) {
  fail(
    'Set NEW_CREDENTIALS_KEY to the new key (64 hex characters, e.g. from `openssl rand -hex 32`), next to the current CREDENTIALS_KEY.',
  );
}
const oldKey = usesKeyFile ? fs.readFileSync(keyFile, 'utf8').trim() : config.CREDENTIALS_KEY!;
const newKey = config.NEW_CREDENTIALS_KEY ?? crypto.randomBytes(32).toString('hex');
if (newKey.toLowerCase() === oldKey.toLowerCase()) fail('NEW_CREDENTIALS_KEY is the current key.');

// The new key reaches the disk before the database changes: a crash after the commit still leaves it readable.
const nextFile = `${keyFile}.next`;
if (usesKeyFile) fs.writeFileSync(nextFile, newKey, { mode: 0o600 });

const target = await databaseUrlFor(config);
const database = connectDatabase(target.url, 2);
try {
  const result = await rotateCredentialsKey(
    database.pool,
    createCredentialCipher(Buffer.from(oldKey, 'hex')),
    createCredentialCipher(Buffer.from(newKey, 'hex')),
  );
  console.log(
    `rotate-key: committed; ${result.total} sealed values now use the new key (${JSON.stringify(result.resealed)}).`,
  );
  if (usesKeyFile) {
    const retired = `${keyFile}.retired-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(keyFile, retired);
    fs.renameSync(nextFile, keyFile);
    console.log(
      `rotate-key: ${keyFile} holds the new key. The old one is in ${retired}: keep it with the backups made before today, or delete it.`,
    );
  } else {
    console.log(
      'rotate-key: now set CREDENTIALS_KEY to the value of NEW_CREDENTIALS_KEY (and remove NEW_CREDENTIALS_KEY), then start the store.',
    );
  }
} catch (err) {
  if (usesKeyFile) fs.rmSync(nextFile, { force: true });
  if (!(err instanceof RotationRefused)) throw err;
  console.error(`rotate-key: ${err.message}`);
  process.exitCode = 1; // not exit(): the embedded database, if this started it, stops in `finally`
} finally {
  await database.close();
  await target.stop();
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
