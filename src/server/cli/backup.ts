// `npm run backup [-- FILE|DIR] [--include-key]`: writes one backup file of the store's database (DATABASE_URL,
// else the embedded one, running or not) into ./backups/ by default. The credentials key stays out unless
// --include-key: a backup and its key kept together are as readable as the live shop.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { recordBackupSuccess } from '../maintenance/record-backup-success.ts';
import { writeBackup } from '../maintenance/write-backup.ts';
import { loadCredentialsKey } from '../modules/stock/credential-cipher.ts';
import { databaseUrlFor } from './database-url.ts';

const args = process.argv.slice(2);
const includeKey = args.includes('--include-key');
const given = args.find((a) => !a.startsWith('--')) ?? 'backups';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const isDir =
  given.endsWith('/') ||
  path.extname(given) === '' ||
  (fs.existsSync(given) && fs.statSync(given).isDirectory());
const file = path.resolve(isDir ? path.join(given, `acctstore-${stamp}.backup`) : given);
fs.mkdirSync(path.dirname(file), { recursive: true });

const config = loadConfig();
const key = includeKey
  ? loadCredentialsKey(config.CREDENTIALS_KEY, config.dataDir, () => {}).toString('hex')
  : undefined;
const target = await databaseUrlFor(config);
const database = connectDatabase(target.url, 2);
try {
  const started = Date.now();
  const manifest = await writeBackup(database.pool, file, { includeKey: key });
  // For the metrics and the BackupTooOld alert (docs/deploy.md, "What to watch").
  await recordBackupSuccess(database.db, 'logical');
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(
    `backup: ${file} (${(fs.statSync(file).size / 1e6).toFixed(2)} MB, ${rows} rows in ${Object.keys(manifest.counts).length} tables, ` +
      `migration ${manifest.migrations.at(-1)}, ${Date.now() - started} ms)` +
      (key
        ? '\nbackup: it HOLDS THE CREDENTIALS KEY: store it where only you can read it.'
        : '\nbackup: the credentials key is not in it; keep CREDENTIALS_KEY safe elsewhere.'),
  );
} finally {
  await database.close();
  await target.stop();
}
