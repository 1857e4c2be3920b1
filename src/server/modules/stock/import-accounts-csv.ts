// Bulk upload (SPEC.md §3, §5): a CSV stream parsed by csv-parse and checked row by row; every BATCH_ROWS
// valid rows are sealed and committed as one batch (copy-account-batch.ts: COPY into the table, the stock count
// raised by the rows written). Duplicates are skipped by the unique indexes. While PostgreSQL writes one batch,
// this process parses and checks the next.
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type pg from 'pg';
import { csvMessages, type CsvUploadResult } from '../../../shared/admin-catalogue.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { releaseMemory } from '../../http/release-memory.ts';
import { openBatchWriter, type AccountRow, type BatchWriter } from './copy-account-batch.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { restoreFormula } from '../../http/formula-cells.ts';

/**
 * A batch ends at BATCH_ROWS valid rows or after BATCH_BYTES of the file, whichever comes first: few commits
 * for a large file, bounded memory for wide rows, and a file of mostly skipped rows still commits its valid
 * ones as it goes.
 */
export const BATCH_ROWS = 10_000;
export const BATCH_BYTES = 1024 * 1024;
const CREDENTIAL_COLUMNS = new Set([
  'username',
  'email',
  'password',
  'email_password',
  'two_fa',
  'two_fa_code',
]);
// Written by the export for the admin's eyes; an uploaded account is always new and available.
const EXPORT_ONLY_COLUMNS = new Set(['status', 'sold_at']);
const MAX_CELL = 500;

export async function importAccountsCsv(
  pool: pg.Pool,
  cipher: CredentialCipher,
  groupId: string,
  source: Readable,
): Promise<Omit<CsvUploadResult, 'message'> & { message: string }> {
  let headerChecked = false;
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    relax_column_count: true,
    columns: (header: string[]) => {
      const columns = header.map((h) => h.trim().toLowerCase());
      if (!columns.includes('password')) throw badRequest(csvMessages.noPassword);
      if (!columns.includes('email') && !columns.includes('username'))
        throw badRequest(csvMessages.noIdentity);
      headerChecked = true;
      return columns;
    },
  });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);

  let created = 0;
  let invalid = 0;
  let duplicates = 0;
  let rows = 0;
  let stockCount = 0;
  let batch: AccountRow[] = [];
  let batchFrom = 0; // parser.info.bytes where the batch began
  // Opened at the first batch: a file refused at its header never takes a connection.
  const open: { writer?: BatchWriter } = {};
  // At most one batch in flight: its failure is thrown by the next flush or by settle().
  let inFlight: Promise<void> | null = null;
  const settle = async () => {
    const pending = inFlight;
    inFlight = null;
    await pending;
  };
  const flush = async () => {
    batchFrom = parser.info.bytes;
    if (!batch.length) return;
    const writer = (open.writer ??= await openBatchWriter(pool, cipher, groupId));
    const prepared = await writer.prepare(batch); // sealed while the previous batch is still being written
    batch = [];
    await settle();
    inFlight = writer.write(prepared).then((written) => {
      created += written.inserted;
      duplicates += prepared.lines.length - written.inserted;
      stockCount = written.stockCount;
    });
    // Seen by settle(); this only keeps an unawaited failure from counting as unhandled meanwhile.
    inFlight.catch(() => {});
  };

  try {
    for await (const record of parser as AsyncIterable<Record<string, string | undefined>>) {
      rows++;
      const row = toRow(record);
      if (!row) invalid++;
      else batch.push(row);
      if (batch.length >= BATCH_ROWS || parser.info.bytes - batchFrom >= BATCH_BYTES) await flush();
    }
    await flush();
    await settle();
  } catch (err) {
    // Batches already committed stay (the one in flight finishes first): say so, also when the file turned
    // out too large mid-stream.
    await settle().catch(() => {});
    const kept = created ? ` ${created} accounts from earlier rows were saved.` : '';
    if (err instanceof AppError)
      throw kept ? new AppError(err.code, err.status, `${err.message}${kept}`) : err;
    // The parser's message says what is wrong with the file and where. Anything else is ours: it is logged
    // and answered as a 500, without the database's text.
    if (err instanceof CsvError)
      throw badRequest(`${csvMessages.processFailed}: ${err.message}.${kept}`, 'CSV_INVALID');
    throw err;
  } finally {
    await open.writer?.close();
    // A large file leaves its rows' garbage behind (they live a batch long, long enough to be promoted).
    if (parser.info.bytes >= BATCH_BYTES) releaseMemory();
  }

  if (!headerChecked || rows === 0) throw badRequest(csvMessages.emptyOrInvalid, 'CSV_INVALID');
  if (created === 0 && duplicates === 0) throw badRequest(csvMessages.noValidRows, 'CSV_INVALID');
  if (created === 0)
    throw new AppError(
      'CSV_ALL_DUPLICATES',
      409,
      `${csvMessages.allFailed}: every account in the file is already in this template.`,
    );
  return {
    message: csvMessages.uploaded(created),
    created,
    skippedInvalid: invalid,
    skippedDuplicates: duplicates,
    stockCount,
  };
}

/** A data row, or null when it lacks a password or both e-mail and username (SPEC.md §5: skipped). */
function toRow(record: Record<string, string | undefined>): AccountRow | null {
  // PostgreSQL stores no NUL in text: such a row is invalid, like one without a password.
  if (Object.entries(record).some(([key, v]) => key.includes('\u0000') || v?.includes('\u0000')))
    return null;
  const value = (key: string) => {
    const v = record[key]?.trim();
    return v ? restoreFormula(v) : null;
  };
  const password = value('password');
  const email = value('email');
  const username = value('username') ?? email;
  if (!password || !username) return null;
  const emailPassword = value('email_password');
  const twoFa = value('two_fa_code') ?? value('two_fa');
  if (
    [password, username, email, emailPassword, twoFa].some((v) => v !== null && v.length > MAX_CELL)
  )
    return null;
  const details: AccountRow['details'] = {};
  for (const [key, raw] of Object.entries(record)) {
    const trimmed = raw?.trim();
    if (!key || CREDENTIAL_COLUMNS.has(key) || EXPORT_ONLY_COLUMNS.has(key) || !trimmed) continue;
    const v = restoreFormula(trimmed);
    details[key] = /^\d{1,15}$/.test(v) ? Number(v) : v.slice(0, MAX_CELL);
  }
  return { username, email, password, emailPassword, twoFa, details };
}
