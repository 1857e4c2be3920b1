// After a successful backup: the retention rule (BACKUP_KEEP_DAYS, BACKUP_KEEP_MIN) and the `last-success` file
// that monitoring reads (its alert fires when the newest backup is older than a day).
import fs from 'node:fs';
import path from 'node:path';

/** `acctstore-<time>.backup` (and a `.partial` a killed run left): the only names pruning ever deletes. */
const OURS = /^acctstore-.+\.backup(\.partial)?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes this folder's backups older than `keepDays`, keeping the newest `keepMin` whatever their age. */
export function pruneBackups(
  dir: string,
  { keepDays, keepMin, now = Date.now() }: { keepDays: number; keepMin: number; now?: number },
): string[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => OURS.test(f))
    .map((f) => ({ file: path.join(dir, f), mtime: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  const complete = files.filter((f) => f.file.endsWith('.backup'));
  const kept = new Set(complete.slice(0, keepMin).map((f) => f.file));
  const removed = files
    .filter((f) => !kept.has(f.file) && now - f.mtime > keepDays * DAY_MS)
    .map((f) => f.file);
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}

/** A `.partial` nobody has written for this long is a killed backup's: a running one writes every few seconds. */
export const DEAD_PARTIAL_MS = 10 * 60 * 1000;

/** At a backup's start: deletes the `.partial` files that killed backups left in this folder (issue 49). */
export function removeDeadPartials(dir: string, now = Date.now()): string[] {
  const dead = fs
    .readdirSync(dir)
    .filter((f) => OURS.test(f) && f.endsWith('.partial'))
    .map((f) => path.join(dir, f))
    .filter((f) => now - fs.statSync(f).mtimeMs > DEAD_PARTIAL_MS);
  for (const file of dead) fs.rmSync(file, { force: true });
  return dead;
}

/** `<dir>/last-success`: the Unix time in seconds of the last complete backup, replaced atomically. */
export function recordLastSuccess(dir: string, at = Date.now()): void {
  const file = path.join(dir, 'last-success');
  fs.writeFileSync(`${file}.tmp`, `${Math.floor(at / 1000)}\n`);
  fs.renameSync(`${file}.tmp`, file);
}
