// `npm run backup [-- FILE|DIR] [--include-key]`: writes one backup file of the store's database (DATABASE_URL,
// else the embedded one, running or not) into BACKUP_DIR (default /var/backups/acctstore in production, ./backups
// elsewhere: never inside a release folder). Then, in that folder, it deletes backups older than BACKUP_KEEP_DAYS
// (the newest BACKUP_KEEP_MIN stay) and writes `last-success`. The credentials key stays out unless
// --include-key: a backup and its key kept together are as readable as the live shop. At its start it deletes the
// `.partial` files killed backups left there; a database without backup_runs yet (an upgrade's backup, run from
// the new release before its migrations) is backed up all the same, only not recorded.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import {
  pruneBackups,
  recordLastSuccess,
  removeDeadPartials,
} from '../maintenance/prune-backups.ts';
import { NOT_RECORDED, recordBackupSuccess } from '../maintenance/record-backup-success.ts';
import { writeBackup } from '../maintenance/write-backup.ts';
import { loadCredentialsKey } from '../modules/stock/credential-cipher.ts';
import { databaseUrlFor } from './database-url.ts';

const config = loadConfig();
const args = process.argv.slice(2);
const includeKey = args.includes('--include-key');
const given = args.find((a) => !a.startsWith('--')) ?? config.backupDir + path.sep;
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const isDir =
  given.endsWith('/') ||
  path.extname(given) === '' ||
  (fs.existsSync(given) && fs.statSync(given).isDirectory());
const file = path.resolve(isDir ? path.join(given, `acctstore-${stamp}.backup`) : given);
const dir = path.dirname(file);
fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
for (const dead of removeDeadPartials(dir))
  console.log(`backup: removed ${path.basename(dead)}, left by a backup that was killed.`);

const key = includeKey
  ? loadCredentialsKey(config.CREDENTIALS_KEY, config.dataDir, () => {}).toString('hex')
  : undefined;
const target = await databaseUrlFor(config);
const database = connectDatabase(target.url, 2);
try {
  const started = Date.now();
  const manifest = await writeBackup(database.pool, file, { includeKey: key });
  recordLastSuccess(dir);
  const removed = pruneBackups(dir, {
    keepDays: config.BACKUP_KEEP_DAYS,
    keepMin: config.BACKUP_KEEP_MIN,
  });
  // For the metrics and the BackupTooOld alert (docs/deploy.md, "What to watch").
  const recorded = await recordBackupSuccess(database.db, 'logical');
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(
    `backup: ${file} (${(fs.statSync(file).size / 1e6).toFixed(2)} MB, ${rows} rows in ${Object.keys(manifest.counts).length} tables, ` +
      `migration ${manifest.migrations.at(-1)}, ${Date.now() - started} ms)` +
      (removed.length
        ? `\nbackup: removed ${removed.length} older than ${config.BACKUP_KEEP_DAYS} days: ${removed.map((f) => path.basename(f)).join(', ')}`
        : '') +
      (key
        ? '\nbackup: it HOLDS THE CREDENTIALS KEY: store it where only you can read it.'
        : '\nbackup: the credentials key is not in it; keep CREDENTIALS_KEY safe elsewhere.') +
      (recorded ? '' : `\nbackup: complete, ${NOT_RECORDED}`),
  );
} finally {
  await database.close();
  await target.stop();
}
