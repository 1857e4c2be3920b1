// Bulk upload (SPEC.md §3, §5): a CSV stream parsed by csv-parse, checked row by row, inserted in
// batches of BATCH_ROWS with one transaction per batch; duplicates are skipped by the unique indexes.
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import { csvMessages, type CsvUploadResult } from '../../../shared/admin-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { restoreFormula } from './formula-cells.ts';
import { recomputeStockCount } from './stock-count.ts';

export const BATCH_ROWS = 1000;
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

type ParsedRow = {
  username: string;
  email: string | null;
  password: string;
  emailPassword: string | null;
  twoFa: string | null;
  details: Record<string, string | number>;
};

export async function importAccountsCsv(
  db: Db,
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
  let batch: ParsedRow[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const inserted = await insertBatch(db, cipher, groupId, batch);
    created += inserted;
    duplicates += batch.length - inserted;
    batch = [];
  };

  try {
    for await (const record of parser as AsyncIterable<Record<string, string | undefined>>) {
      rows++;
      const row = toRow(record);
      if (!row) invalid++;
      else batch.push(row);
      if (batch.length >= BATCH_ROWS) await flush();
    }
    await flush();
  } catch (err) {
    // Batches already committed stay: say so, also when the file turned out too large mid-stream.
    const kept = created ? ` ${created} accounts from earlier rows were saved.` : '';
    if (err instanceof AppError)
      throw kept ? new AppError(err.code, err.status, `${err.message}${kept}`) : err;
    // The parser's message says what is wrong with the file and where. Anything else is ours: it is logged
    // and answered as a 500, without the database's text.
    if (err instanceof CsvError)
      throw badRequest(`${csvMessages.processFailed}: ${err.message}.${kept}`, 'CSV_INVALID');
    throw err;
  }

  if (!headerChecked || rows === 0) throw badRequest(csvMessages.emptyOrInvalid, 'CSV_INVALID');
  if (created === 0 && duplicates === 0) throw badRequest(csvMessages.noValidRows, 'CSV_INVALID');
  if (created === 0)
    throw new AppError(
      'CSV_ALL_DUPLICATES',
      409,
      `${csvMessages.allFailed}: every account in the file is already in this template.`,
    );
  const stockCount = await db.transaction((tx) => recomputeStockCount(tx, groupId));
  return {
    message: csvMessages.uploaded(created),
    created,
    skippedInvalid: invalid,
    skippedDuplicates: duplicates,
    stockCount,
  };
}

/** A data row, or null when it lacks a password or both e-mail and username (SPEC.md §5: skipped). */
function toRow(record: Record<string, string | undefined>): ParsedRow | null {
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
  const details: ParsedRow['details'] = {};
  for (const [key, raw] of Object.entries(record)) {
    const trimmed = raw?.trim();
    if (!key || CREDENTIAL_COLUMNS.has(key) || EXPORT_ONLY_COLUMNS.has(key) || !trimmed) continue;
    const v = restoreFormula(trimmed);
    details[key] = /^\d{1,15}$/.test(v) ? Number(v) : v.slice(0, MAX_CELL);
  }
  return { username, email, password, emailPassword, twoFa, details };
}

/** One statement per batch with unnest(): no per-row round trips. Returns how many rows were new. */
async function insertBatch(
  db: Db,
  cipher: CredentialCipher,
  groupId: string,
  batch: ParsedRow[],
): Promise<number> {
  const seal = (v: string | null) => (v === null ? null : cipher.encrypt(v));
  const cols = {
    username: batch.map((r) => r.username),
    email: batch.map((r) => r.email),
    password: batch.map((r) => cipher.encrypt(r.password)),
    emailPassword: batch.map((r) => seal(r.emailPassword)),
    twoFa: batch.map((r) => seal(r.twoFa)),
    details: batch.map((r) => JSON.stringify(r.details)),
  };
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      insert into individual_accounts (product_group_id, username, email, password_enc, email_password_enc, two_fa_code_enc, additional_info)
      select ${groupId}::uuid, u, e, p, ep, tf, d::jsonb
      from unnest(${sql.param(cols.username)}::text[], ${sql.param(cols.email)}::text[], ${sql.param(cols.password)}::bytea[],
                  ${sql.param(cols.emailPassword)}::bytea[], ${sql.param(cols.twoFa)}::bytea[], ${sql.param(cols.details)}::text[])
        as t(u, e, p, ep, tf, d)
      on conflict do nothing`);
    await recomputeStockCount(tx, groupId);
    return result.rowCount ?? 0;
  });
}
