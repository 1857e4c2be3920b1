// One batch of uploaded accounts into individual_accounts: sealed, sent through COPY FROM STDIN into a
// temporary staging table, then moved by one INSERT … SELECT … ON CONFLICT DO NOTHING (the unique indexes
// skip duplicates, in the template and within the file) and the stock recount, in one transaction.
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { drizzleOnConnection, type Db } from '../../db/client.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { recomputeStockCount } from './stock-count.ts';

export type AccountRow = {
  username: string;
  email: string | null;
  password: string;
  emailPassword: string | null;
  twoFa: string | null;
  details: Record<string, string | number>;
};

/** A batch sealed and encoded for COPY, ready to be written. */
export type PreparedBatch = { rows: number; copyText: string };

export type BatchWriter = {
  /** Seals and encodes rows (CPU work only: it can run while the previous batch is being written). */
  prepare: (rows: AccountRow[]) => PreparedBatch;
  /** Commits the batch (or none of it); resolves with how many rows were new and the recounted stock. */
  write: (batch: PreparedBatch) => Promise<{ inserted: number; stockCount: number }>;
  /** Drops the staging table and gives the connection back to the pool. */
  close: () => Promise<void>;
};

// Temporary: invisible to other sessions, not WAL-logged, emptied at every commit. `n` keeps the file's
// order, so that of two rows with the same username or e-mail the first one is kept.
const STAGING = 'csv_import_staging';
const CREATE_STAGING = `create temp table if not exists ${STAGING} (
  n int not null, username text not null, email text, password_enc bytea not null,
  email_password_enc bytea, two_fa_code_enc bytea, additional_info jsonb not null
) on commit delete rows`;
const COPY_STAGING = `copy ${STAGING} (n, username, email, password_enc, email_password_enc, two_fa_code_enc, additional_info) from stdin`;

/** Holds one pooled connection for the whole import: the staging table lives in its session. */
export async function openBatchWriter(
  pool: pg.Pool,
  cipher: CredentialCipher,
  groupId: string,
): Promise<BatchWriter> {
  const client = await pool.connect();
  try {
    await client.query(CREATE_STAGING);
  } catch (err) {
    client.release(err as Error);
    throw err;
  }
  const db: Db = drizzleOnConnection(client);
  let broken: Error | undefined;
  return {
    prepare: (rows) => ({ rows: rows.length, copyText: copyText(rows, cipher) }),
    write: (batch) =>
      db
        .transaction(async (tx) => {
          await copyRows(client, batch.copyText);
          const result = await tx.execute(sql`
            insert into individual_accounts (product_group_id, username, email, password_enc, email_password_enc, two_fa_code_enc, additional_info)
            select ${groupId}::uuid, username, email, password_enc, email_password_enc, two_fa_code_enc, additional_info
            from csv_import_staging order by n
            on conflict do nothing`);
          const stockCount = await recomputeStockCount(tx, groupId);
          return { inserted: result.rowCount ?? 0, stockCount };
        })
        .catch((err: unknown) => {
          broken = err as Error;
          throw err;
        }),
    async close() {
      try {
        if (!broken) await client.query(`drop table if exists ${STAGING}`);
      } catch (err) {
        broken = err as Error;
      } finally {
        // A connection that failed mid-protocol is closed rather than handed to the next request.
        client.release(broken);
      }
    },
  };
}

function copyRows(client: pg.PoolClient, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = client.query(copyFrom(COPY_STAGING));
    stream.on('error', reject);
    stream.on('finish', () => resolve());
    stream.end(text);
  });
}

/**
 * The batch in COPY's text format: one line per row, tab-separated, \N for null, the credentials sealed in
 * one encryptMany() call and written as bytea hex.
 */
function copyText(rows: AccountRow[], cipher: CredentialCipher): string {
  const plains: string[] = [];
  for (const r of rows) {
    plains.push(r.password);
    if (r.emailPassword !== null) plains.push(r.emailPassword);
    if (r.twoFa !== null) plains.push(r.twoFa);
  }
  const sealed = cipher.encryptMany(plains);
  let next = 0;
  const hex = (value: string | null) =>
    value === null ? '\\N' : `\\\\x${sealed[next++]!.toString('hex')}`;
  let out = '';
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    // Same order as the plains above.
    const password = hex(r.password);
    const emailPassword = hex(r.emailPassword);
    const twoFa = hex(r.twoFa);
    out += `${i}\t${escapeText(r.username)}\t${r.email === null ? '\\N' : escapeText(r.email)}\t${password}\t${emailPassword}\t${twoFa}\t${escapeText(JSON.stringify(r.details))}\n`;
  }
  return out;
}

// COPY text format: a backslash starts an escape, tab and newline end a field and a row. NUL never gets here
// (such rows are skipped when parsed).
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function escapeText(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]!) : value;
}
