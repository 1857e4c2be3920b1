// `npm run restore FILE`: restores a backup into an EMPTY database (DATABASE_URL, else the embedded one of
// DATA_DIR: a new data folder), then checks the money and stock invariants and that the key opens the credentials.
// `npm run restore -- --verify FILE` only reads the file through (no database): exit 0 when it is complete.
// Every restore verifies the file first, so a damaged one is refused with one line before a database is touched.
import fs from 'node:fs';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { RestoreRefused, restoreBackup } from '../maintenance/restore-backup.ts';
import { BackupDamaged, verifyBackup } from '../maintenance/verify-backup.ts';
import { createCredentialCipher } from '../modules/stock/credential-cipher.ts';
import { stockAccounts } from '../modules/stock/stock.tables.ts';
import { checkLedger } from '../modules/wallet/check-ledger.ts';
import { databaseUrlFor } from './database-url.ts';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!file || !fs.existsSync(file)) {
  console.error('Usage: npm run restore -- [--verify] FILE   (a file written by `npm run backup`)');
  process.exit(2);
}
try {
  const checked = await verifyBackup(file);
  const rows = Object.values(checked.counts).reduce((a, b) => a + b, 0);
  console.log(
    `verify: ${file} is complete: ${rows} rows in ${Object.keys(checked.counts).length} tables, ` +
      `migration ${checked.migrations.at(-1)}, made ${checked.createdAt} by store ${checked.appVersion}.`,
  );
} catch (err) {
  if (!(err instanceof BackupDamaged)) throw err;
  console.error(`restore: ${file} is not a complete backup: ${err.message}.`);
  process.exit(1);
}
if (process.argv.includes('--verify')) process.exit(0);
const config = loadConfig();
/** Rows load over this many connections at once, then keys and indexes build over them (restore-backup.ts). */
const RESTORE_CONNECTIONS = 4;
const target = await databaseUrlFor(config);
const database = connectDatabase(target.url, RESTORE_CONNECTIONS);
try {
  const started = Date.now();
  const manifest = await restoreBackup(database, path.resolve(file));
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(
    `restore: ${rows} rows in ${Object.keys(manifest.counts).length} tables from the backup of ${manifest.createdAt} (${Date.now() - started} ms).`,
  );
  const violations = await checkLedger(database.db);
  console.log(
    violations.length === 0
      ? 'restore: every invariant holds.'
      : `restore: BROKEN invariants: ${JSON.stringify(violations)}`,
  );
  if (violations.length) process.exitCode = 1;
  if (!(await keyOpensCredentials(manifest.credentialsKey))) process.exitCode = 1;
} catch (err) {
  if (!(err instanceof RestoreRefused)) throw err;
  console.error(`restore: ${err.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  await target.stop();
}

/** The key the store will run with must open the restored credentials; a key carried in the backup is installed
 * into the data folder when the store has none configured. */
async function keyOpensCredentials(keyInBackup: string | undefined): Promise<boolean> {
  const keyFile = path.join(config.dataDir, 'credentials.key');
  if (!config.CREDENTIALS_KEY && keyInBackup && !fs.existsSync(keyFile)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(keyFile, keyInBackup, { mode: 0o600, flag: 'wx' });
    console.log(`restore: the backup's credentials key was written to ${keyFile}.`);
  }
  const key =
    config.CREDENTIALS_KEY ??
    (fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : keyInBackup);
  const [sample] = await database.db
    .select({ sealed: stockAccounts.passwordEnc })
    .from(stockAccounts)
    .where(isNotNull(stockAccounts.passwordEnc))
    .limit(1);
  if (!sample) return true;
  try {
    if (!key) throw new Error('no key');
    createCredentialCipher(Buffer.from(key, 'hex')).decrypt(sample.sealed);
    console.log('restore: the credentials key opens the restored credentials.');
    return true;
  } catch {
    console.error(
      'restore: the credentials key the store would use does NOT open the restored credentials: set CREDENTIALS_KEY to the key of the backed-up shop.',
    );
    return false;
  }
}
