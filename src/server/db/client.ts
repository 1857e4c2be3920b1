// The connection pool and the Drizzle handle every domain receives.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

// bigint (int8) as JS number: kobo amounts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool | pg.PoolClient };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

/** The application_name of a serving store's connections: key rotation refuses to run while one is connected. */
export const STORE_APPLICATION_NAME = 'acctstore';

export function connectDatabase(url: string, poolSize = 20, applicationName?: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    // A connection, once opened, stays open (pg-pool closes one after 10 s idle by default). After a burst the
    // pool closed a dozen idle connections at once, and every request in flight stalled for about a second
    // (docs/decisions/011-purchase-in-one-statement.md, "Connections stay open"); opening them again for the next
    // burst costs a SCRAM exchange and a new backend each. `max` still bounds them.
    idleTimeoutMillis: 0,
    application_name: applicationName,
  });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/**
 * The rows of a named prepared statement: each connection parses and plans it once, then only binds and runs it.
 * For the hottest raw SQL only (the purchase call): parsing and planning it on every call was about a tenth of
 * PostgreSQL's CPU per purchase (scripts/bench/PERFORMANCE-LOG.md, "Purchase (ADR 011)", "Session 10").
 * Query-builder statements use `.prepare(name)`.
 */
export async function queryPrepared<Row extends object>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const result = await db.$client.query<Row>({ name, text, values });
  return result.rows;
}

/** A Drizzle handle on one checked-out connection (a session that must stay the same: temporary tables). */
export function drizzleOnConnection(client: pg.PoolClient): Db {
  return drizzle(client, { schema });
}
