// `npm run restore -- --verify FILE`, and the first step of every restore: reads a backup through to its end
// without a database. A complete file has its manifest, then every table of the manifest with exactly the rows it
// counts, each one JSON line, and a gzip stream that ends where it should. A file cut short by a killed backup, a
// full disk or a bad copy fails here with one sentence, before anything touches a database.
import fs from 'node:fs';
import readline from 'node:readline';
import { createGunzip } from 'node:zlib';
import { manifestFrom, type BackupManifest, type TableHeader } from './backup-format.ts';

export class BackupDamaged extends Error {
  override name = 'BackupDamaged';
}

export async function verifyBackup(file: string): Promise<BackupManifest> {
  const lines = readline
    .createInterface({ input: fs.createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })
    [Symbol.asyncIterator]();
  try {
    const first = await lines.next();
    const manifest = parseManifest(first.done ? undefined : first.value);
    const expected = Object.entries(manifest.counts);
    for (const [table, rows] of expected) {
      const next = await lines.next();
      if (next.done)
        throw new BackupDamaged(`it ends before table ${table}: the file is cut short`);
      const header = parseLine(next.value, `the header of table ${table}`) as TableHeader;
      if (header.table !== table || header.rows !== rows)
        throw new BackupDamaged(`table ${table} is not where the manifest puts it`);
      for (let i = 0; i < rows; i++) {
        const row = await lines.next();
        if (row.done)
          throw new BackupDamaged(`it ends inside table ${table}: the file is cut short`);
        parseLine(row.value, `row ${i + 1} of ${table}`);
      }
    }
    const extra = await lines.next();
    if (!extra.done) throw new BackupDamaged('it holds more than its manifest counts');
    return manifest;
  } catch (err) {
    if (err instanceof BackupDamaged) throw err;
    const code = (err as { code?: string }).code;
    // zlib: a stream cut short or damaged; the file system: missing or unreadable.
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR')
      throw new BackupDamaged(`it is cut short or damaged (${(err as Error).message})`);
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR')
      throw new BackupDamaged(`it cannot be read (${code})`);
    throw err;
  } finally {
    await lines.return?.();
  }
}

function parseManifest(line: string | undefined): BackupManifest {
  const manifest = manifestFrom(line);
  if (!manifest) throw new BackupDamaged('it is not a store backup (made by `npm run backup`)');
  return manifest;
}

function parseLine(line: string, what: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new BackupDamaged(`${what} is damaged`);
  }
}
