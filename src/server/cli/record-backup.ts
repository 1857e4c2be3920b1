// `npm run record-backup -- base [--env-file FILE]`: records that a backup of this kind just succeeded (backup_runs,
// read by the metrics and the BackupTooOld alert). For the WAL-archiving tool's cron lines (docs/deploy.md §6):
// cron has no DATABASE_URL, so the connection comes from the env file the guide creates
// (/etc/acctstore/acctstore.env), read the way the shell and systemd read it.
import fs from 'node:fs';
import { connectDatabase } from '../db/client.ts';
import { NOT_RECORDED, recordBackupSuccess } from '../maintenance/record-backup-success.ts';
import { BACKUP_KINDS, type BackupKind } from '../../shared/backups.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--env-file');
const envFile = at >= 0 ? args[at + 1] : undefined;
const kind = args.find((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1));
if (!BACKUP_KINDS.includes(kind as BackupKind)) {
  console.error(
    `Usage: npm run record-backup -- ${BACKUP_KINDS.join('|')} [--env-file /etc/acctstore/acctstore.env]`,
  );
  process.exit(2);
}
if (envFile) {
  if (!fs.existsSync(envFile)) {
    console.error(`record-backup: ${envFile} does not exist.`);
    process.exit(1);
  }
  process.loadEnvFile(envFile);
}
// Only the connection is read: the rest of the store's settings are the store's business, not this hook's.
const url = process.env.DATABASE_URL;
if (!url) {
  console.error(
    'record-backup: no DATABASE_URL: pass --env-file with the store’s env file (cron has none of its own).',
  );
  process.exit(1);
}
const database = connectDatabase(url, 1);
try {
  const recorded = await recordBackupSuccess(database.db, kind as BackupKind);
  console.log(`record-backup: ${kind} backup ${recorded ? 'recorded' : NOT_RECORDED}`);
} catch (err) {
  console.error(`record-backup: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
