// The shared set-up of every store benchmark: a throwaway PostgreSQL, the store server in its own
// process on a loopback port, and ways to create what a run needs (an admin signed in through the real
// login route, funded customers with sessions, a product group with encrypted stock).
import crypto from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client.ts';
import {
  categories,
  productGroups,
} from '../../../src/server/modules/catalogue/catalogue.tables.ts';
import { sessions, users } from '../../../src/server/modules/auth/auth.tables.ts';
import { hashToken } from '../../../src/server/modules/auth/sessions.ts';
import { hashPassword } from '../../../src/server/modules/auth/password.ts';
import {
  createCredentialCipher,
  type CredentialCipher,
} from '../../../src/server/modules/stock/credential-cipher.ts';
import { recomputeStockCount } from '../../../src/server/modules/stock/stock-count.ts';
import { stockAccounts } from '../../../src/server/modules/stock/stock.tables.ts';
import { postLedgerEntry } from '../../../src/server/modules/wallet/post-ledger-entry.ts';
import { startBenchPostgres, type BenchPostgres } from './postgres.ts';
import { startServer, type BenchServer } from './server.ts';

/** The store server's PostgreSQL sessions carry this name, so samplers can tell them from the bench's own. */
export const STORE_APPLICATION_NAME = 'acctstore-bench';

export type StoreBench = {
  pg: BenchPostgres;
  db: Db;
  server: BenchServer;
  /** The server's credentials cipher (same key), for sealing stock inserted directly. */
  cipher: CredentialCipher;
  /** The same key in hex, for another store process on the same database (the e-mail bench's). */
  credentialsKey: string;
  /** Headers every mutating request needs: a same-origin Origin. */
  origin: { origin: string };
};

export async function startStoreBench(
  log: (line: string) => void = console.log,
): Promise<StoreBench> {
  const pg = await startBenchPostgres(log);
  const key = crypto.randomBytes(32);
  const databaseUrl = new URL(pg.url);
  databaseUrl.searchParams.set('application_name', STORE_APPLICATION_NAME);
  const server = await startServer('store', {
    mode: 'store',
    databaseUrl: databaseUrl.toString(),
    credentialsKey: key.toString('hex'),
    dataDir: path.join(pg.dir, 'data'),
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
    poolSize: Number(process.env.BENCH_DB_POOL_SIZE ?? 20),
  });
  log(
    `Store server listening on ${server.base} (pid ${server.pid}, pool ${process.env.BENCH_DB_POOL_SIZE ?? 20})`,
  );
  return {
    pg,
    db: pg.database.db,
    server,
    cipher: createCredentialCipher(key),
    credentialsKey: key.toString('hex'),
    origin: { origin: server.base },
  };
}

/** An admin created directly, signed in through POST /api/auth/login; returns the Cookie header. */
export async function signInAdmin(bench: StoreBench): Promise<string> {
  const email = `bench-admin-${crypto.randomBytes(3).toString('hex')}@example.com`;
  const password = crypto.randomBytes(12).toString('base64url');
  await bench.db.insert(users).values({
    email,
    fullName: 'bench',
    passwordHash: await hashPassword(password),
    isAdmin: true,
    emailConfirmedAt: new Date(),
  });
  const res = await fetch(`${bench.server.base}/api/auth/login`, {
    method: 'POST',
    headers: { ...bench.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  return sid.split(';')[0]!;
}

/**
 * n customers with live sessions (no password hashing: nobody signs in with them) whose wallets are
 * funded the way money enters the store, through ledger entries. Returns each one's Cookie header.
 */
export async function createCustomers(
  db: Db,
  n: number,
  fundKobo: number,
): Promise<{ id: string; cookie: string }[]> {
  const tag = crypto.randomBytes(3).toString('hex');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `buyer-${tag}-${i}@example.com`,
        fullName: `buyer ${i}`,
        passwordHash: 'not-used',
        emailConfirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const tokens = rows.map(() => crypto.randomBytes(32).toString('base64url'));
  await db.insert(sessions).values(
    rows.map((u, i) => ({
      tokenHash: hashToken(tokens[i]!),
      userId: u.id,
      expiresAt: new Date(Date.now() + 3600_000),
    })),
  );
  if (fundKobo > 0) {
    await db.transaction(async (tx) => {
      for (const u of rows) {
        await postLedgerEntry(tx, {
          userId: u.id,
          type: 'ADMIN_CREDIT',
          amountKobo: fundKobo,
          description: 'bench funds',
          reference: `BENCH_${crypto.randomUUID()}`,
          actor: 'bench',
        });
      }
    });
  }
  return rows.map((u, i) => ({ id: u.id, cookie: `sid=${tokens[i]}` }));
}

/** A product group in its own category with `accounts` available accounts, credentials sealed. */
export async function insertGroupWithStock(
  db: Db,
  cipher: CredentialCipher,
  opts: { accounts: number; priceKobo: number; name: string },
) {
  const categoryId = `bench-${crypto.randomBytes(3).toString('hex')}`;
  await db.insert(categories).values({ id: categoryId, name: opts.name });
  const [group] = await db
    .insert(productGroups)
    .values({ categoryId, name: opts.name, priceKobo: opts.priceKobo, features: ['bench'] })
    .returning({ id: productGroups.id });
  const tag = crypto.randomBytes(3).toString('hex');
  for (let start = 0; start < opts.accounts; start += 1000) {
    const count = Math.min(1000, opts.accounts - start);
    await db.insert(stockAccounts).values(
      Array.from({ length: count }, (_, k) => {
        const i = start + k;
        return {
          productGroupId: group!.id,
          username: `bench_${tag}_${i}`,
          email: `bench_${tag}_${i}@mail.example`,
          passwordEnc: cipher.encrypt(`Pw-${crypto.randomBytes(6).toString('base64url')}`),
          emailPasswordEnc: cipher.encrypt(`Mail-${crypto.randomBytes(6).toString('base64url')}`),
          additionalInfo: { followers: 1000 + i },
        };
      }),
    );
  }
  await recomputeStockCount(db, group!.id);
  // Fresh statistics and visibility map, as a live table would have after autovacuum.
  await db.execute(sql`vacuum analyze individual_accounts`);
  return { id: group!.id, categoryId };
}
