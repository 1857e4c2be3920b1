// One batch of uploaded accounts into individual_accounts, in one transaction: straight into the table through
// COPY FROM STDIN, then the stock count raised by the rows written. A batch holding a username or e-mail already
// taken goes through a staging table and INSERT … ON CONFLICT DO NOTHING instead.
// docs/decisions/012-csv-import-through-copy.md has the numbers.
import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { v7 as uuidv7 } from 'uuid';
import { drizzleOnConnection, type Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import type { CredentialCipher } from './credential-cipher.ts';
import { addToStockCount } from './stock-count.ts';

export type AccountRow = {
  username: string;
  email: string | null;
  password: string;
  emailPassword: string | null;
  twoFa: string | null;
  details: Record<string, string | number>;
};

/** A batch sealed and encoded for COPY, ready to be written: one text line per row, in the file's order. */
export type PreparedBatch = { lines: string[] };

export type BatchWriter = {
  /**
   * Seals and encodes rows while the previous batch is being written: CPU work, done a slice at a time so that
   * the previous batch's statements are sent as soon as PostgreSQL answers the one before.
   */
  prepare: (rows: AccountRow[]) => Promise<PreparedBatch>;
  /** Commits the batch (or none of it); resolves with how many rows were new and the stock count after. */
  write: (batch: PreparedBatch) => Promise<{ inserted: number; stockCount: number }>;
  /** Drops the staging table if one was made and gives the connection back to the pool. */
  close: () => Promise<void>;
};

const COLUMNS =
  'id, username, email, password_enc, email_password_enc, two_fa_code_enc, additional_info';
const COPY_ACCOUNTS = `copy individual_accounts (product_group_id, ${COLUMNS}) from stdin`;

// The way for a batch with duplicates (already in the template, repeated in the file, or saved by another
// writer meanwhile): a temporary staging table (not WAL-logged, emptied at every commit), then one
// INSERT … SELECT … ON CONFLICT DO NOTHING, where the unique indexes skip what is taken, row by row. `n` keeps
// the file's order, so that of two equal rows the first one is kept.
const STAGING = 'csv_import_staging';
const CREATE_STAGING = `create temp table if not exists ${STAGING} (
  n serial, product_group_id uuid not null, id uuid not null, username text not null, email text,
  password_enc bytea not null, email_password_enc bytea, two_fa_code_enc bytea, additional_info jsonb not null
) on commit delete rows`;
const COPY_STAGING = `copy ${STAGING} (product_group_id, ${COLUMNS}) from stdin`;

// Rows sealed between two looks at the event loop (about 15 ms of work on the bench host).
const PREPARE_SLICE = 1000;

/** Holds one pooled connection for the whole import. */
export async function openBatchWriter(
  pool: pg.Pool,
  cipher: CredentialCipher,
  groupId: string,
): Promise<BatchWriter> {
  const client = await pool.connect();
  const db: Db = drizzleOnConnection(client);
  let broken: Error | undefined;
  let stagingTableMade = false;

  // The usual upload is new stock: straight into the table. A batch holding a taken username or e-mail fails
  // at its first such row (unique violation, nothing kept) and is written again the staged way, and so is
  // every later batch of the same file: a file with one duplicate tends to hold more.
  let duplicatesSeen = false;
  const directWrite = (batch: PreparedBatch) =>
    db.transaction(async (tx) => {
      await copyRows(client, COPY_ACCOUNTS, batch.lines.join(''));
      const stockCount = await addToStockCount(tx, groupId, batch.lines.length);
      return { inserted: batch.lines.length, stockCount };
    });

  const stagedWrite = (batch: PreparedBatch) =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(CREATE_STAGING));
      stagingTableMade = true;
      await copyRows(client, COPY_STAGING, batch.lines.join(''));
      const result = await tx.execute(sql`
        insert into individual_accounts (product_group_id, ${sql.raw(COLUMNS)})
        select product_group_id, ${sql.raw(COLUMNS)} from ${sql.raw(STAGING)} order by n
        on conflict do nothing`);
      const inserted = result.rowCount ?? 0;
      const stockCount = await addToStockCount(tx, groupId, inserted);
      return { inserted, stockCount };
    });

  const group = `${groupId}\t`;
  return {
    async prepare(rows) {
      const lines: string[] = [];
      for (let at = 0; at < rows.length; at += PREPARE_SLICE) {
        if (at) await nextTurn();
        lines.push(...copyLines(rows.slice(at, at + PREPARE_SLICE), cipher, group));
      }
      return { lines };
    },
    write: (batch) =>
      (duplicatesSeen ? stagedWrite(batch) : directWrite(batch))
        .catch((err: unknown) => {
          if (duplicatesSeen || !isUniqueViolation(err)) throw err;
          duplicatesSeen = true;
          return stagedWrite(batch);
        })
        .catch((err: unknown) => {
          broken = err as Error;
          throw err;
        }),
    async close() {
      try {
        if (!broken && stagingTableMade) await client.query(`drop table if exists ${STAGING}`);
      } catch (err) {
        broken = err as Error;
      } finally {
        // A connection that failed mid-protocol is closed rather than handed to the next request.
        client.release(broken);
      }
    },
  };
}

function copyRows(client: pg.PoolClient, statement: string, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const stream = client.query(copyFrom(statement));
    stream.on('error', reject);
    stream.on('finish', () => resolve());
    stream.end(text);
  });
}

/**
 * The batch in COPY's text format: one line per row (group, id, then the columns), tab-separated, \N for
 * null, the credentials sealed in one encryptMany() call and written as bytea hex. Ids are UUIDv7 (time
 * first, from one CSPRNG call for the batch): new rows land at the primary key's right edge instead of on
 * random pages, which PostgreSQL writes (and logs) far less.
 */
function copyLines(rows: AccountRow[], cipher: CredentialCipher, group: string): string[] {
  const plains: string[] = [];
  for (const r of rows) {
    plains.push(r.password);
    if (r.emailPassword !== null) plains.push(r.emailPassword);
    if (r.twoFa !== null) plains.push(r.twoFa);
  }
  const sealed = cipher.encryptMany(plains);
  const random = randomBytes(16 * rows.length);
  let next = 0;
  const hex = (value: string | null) =>
    value === null ? '\\N' : `\\\\x${sealed[next++]!.toString('hex')}`;
  return rows.map((r, i) => {
    const id = uuidv7({ random: random.subarray(16 * i, 16 * i + 16) });
    // Same order as the plains above.
    const password = hex(r.password);
    const emailPassword = hex(r.emailPassword);
    const twoFa = hex(r.twoFa);
    return `${group}${id}\t${escapeText(r.username)}\t${r.email === null ? '\\N' : escapeText(r.email)}\t${password}\t${emailPassword}\t${twoFa}\t${escapeText(JSON.stringify(r.details))}\n`;
  });
}

// COPY text format: a backslash starts an escape, tab and newline end a field and a row. NUL never gets here
// (such rows are skipped when parsed).
const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
function escapeText(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]!) : value;
}
