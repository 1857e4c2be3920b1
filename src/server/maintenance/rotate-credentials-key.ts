// Key rotation: re-encrypts every sealed value (maintenance/sealed-values.ts) from the old credentials key to a new
// one in ONE transaction, so the database never holds a mix: either all values open with the old key, or all with
// the new. Refused while a store process is connected, since it would go on sealing with the old key.
import type pg from 'pg';
import { STORE_APPLICATION_NAME } from '../db/client.ts';
import type { CredentialCipher } from '../modules/stock/credential-cipher.ts';
import { quote } from './backup-format.ts';
import { SEALED_BODY_PREFIX, SEALED_COLUMNS, type SealedColumn } from './sealed-values.ts';

const BATCH = 500;

export class RotationRefused extends Error {
  override name = 'RotationRefused';
}

export type RotationResult = { resealed: Record<string, number>; total: number };

export async function rotateCredentialsKey(
  pool: pg.Pool,
  from: CredentialCipher,
  to: CredentialCipher,
): Promise<RotationResult> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [STORE_APPLICATION_NAME],
    );
    if (rows[0]!.n > 0) {
      throw new RotationRefused(
        `${rows[0]!.n} connection(s) of a running store use this database. Stop every store process first: it would keep sealing with the old key.`,
      );
    }
    const tables = [...new Set(SEALED_COLUMNS.map((c) => c.table))];
    // Readers may go on; no one may write a value sealed with the old key while we re-seal.
    await client.query(`lock table ${tables.map(quote).join(', ')} in share row exclusive mode`);
    const resealed: Record<string, number> = {};
    for (const table of tables) {
      const columns = SEALED_COLUMNS.filter((c) => c.table === table);
      const counts = await resealTable(client, table, columns, from, to);
      for (const c of columns) resealed[`${table}.${c.column}`] = counts[c.column] ?? 0;
    }
    await client.query('commit');
    return { resealed, total: Object.values(resealed).reduce((a, b) => a + b, 0) };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

type SealedRow = Record<string, unknown> & { id: string };

async function resealTable(
  client: pg.PoolClient,
  table: string,
  columns: SealedColumn[],
  from: CredentialCipher,
  to: CredentialCipher,
) {
  const idType = await columnType(client, table, 'id');
  const types: string[] = [];
  for (const c of columns) types.push(await columnType(client, table, c.column));
  const counts: Record<string, number> = {};
  const reseal = (column: SealedColumn, value: unknown): unknown => {
    if (value === null) return null;
    try {
      if (column.kind === 'bytea') return to.encrypt(from.decrypt(value as Buffer));
      const text = value as string;
      if (!text.startsWith(SEALED_BODY_PREFIX)) return text;
      const opened = from.decrypt(Buffer.from(text.slice(SEALED_BODY_PREFIX.length), 'base64'));
      return SEALED_BODY_PREFIX + to.encrypt(opened).toString('base64');
    } catch {
      throw new RotationRefused(
        `A value in ${table}.${column.column} does not open with the current key: is CREDENTIALS_KEY the key the store runs with? Nothing was changed.`,
      );
    }
  };
  let lastId: string | null = null;
  for (;;) {
    const { rows }: { rows: SealedRow[] } = await client.query<SealedRow>(
      `select id::text as id, ${columns.map((c) => quote(c.column)).join(', ')} from ${quote(table)}
        ${lastId === null ? '' : `where id > $1::${idType}`} order by id limit ${BATCH}`,
      lastId === null ? [] : [lastId],
    );
    if (rows.length === 0) return counts;
    lastId = rows.at(-1)!.id;
    const changed = rows
      .map((row) => ({
        id: row.id,
        before: row,
        after: Object.fromEntries(columns.map((c) => [c.column, reseal(c, row[c.column])])),
      }))
      .filter((r) => columns.some((c) => r.after[c.column] !== r.before[c.column]));
    if (changed.length === 0) continue;
    for (const c of columns)
      counts[c.column] =
        (counts[c.column] ?? 0) +
        changed.filter(
          (r) => r.after[c.column] !== r.before[c.column] && r.after[c.column] !== null,
        ).length;
    await client.query(
      `update ${quote(table)} t set ${columns.map((c) => `${quote(c.column)} = v.${quote(c.column)}`).join(', ')}
         from unnest($1::${idType}[], ${columns.map((_, i) => `$${i + 2}::${types[i]}[]`).join(', ')}) as v(id, ${columns.map((c) => quote(c.column)).join(', ')})
        where t.id = v.id`,
      [changed.map((r) => r.id), ...columns.map((c) => changed.map((r) => r.after[c.column]))],
    );
  }
}

async function columnType(client: pg.PoolClient, table: string, column: string): Promise<string> {
  const { rows } = await client.query<{ type: string }>(
    `select format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = to_regclass($1) and attname = $2 and not attisdropped`,
    [`public.${quote(table)}`, column],
  );
  if (!rows[0]) throw new Error(`maintenance: no column ${table}.${column}`);
  return rows[0].type;
}
