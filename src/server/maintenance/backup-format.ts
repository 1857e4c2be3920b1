// The backup file: gzip of JSON lines. Line 1 is the manifest; then, per table, a header line and its rows.
import fs from 'node:fs';
import path from 'node:path';

export const BACKUP_FORMAT = 'acctstore-backup';

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  /** package.json version of the store that wrote it. */
  appVersion: string;
  createdAt: string;
  serverVersion: string;
  /** Tags of the migrations the database had applied, oldest first: restore replays exactly these. */
  migrations: string[];
  /** Rows per table, in the order the file holds them (parents first). */
  counts: Record<string, number>;
  /** Only with `npm run backup -- --include-key`. */
  credentialsKey?: string;
};

/** The manifest a backup's first line holds, or undefined when the line is not one this store wrote. */
export function manifestFrom(line: string | undefined): BackupManifest | undefined {
  let manifest: BackupManifest | undefined;
  try {
    manifest = JSON.parse(line ?? '') as BackupManifest;
  } catch {
    return undefined;
  }
  return manifest?.format === BACKUP_FORMAT && manifest.formatVersion === 1 ? manifest : undefined;
}

/** `columns`: the table's columns at backup time; restore refuses a target that lacks one (its values would be lost). */
export type TableHeader = { table: string; rows: number; columns: string[] };

export function appVersion(): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
  ) as { version: string };
  return pkg.version;
}

/** A SQL identifier, quoted. */
export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
