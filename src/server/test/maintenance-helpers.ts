// Test helpers for backup, restore and key rotation: a shop with a sold order, empty databases, and the CLIs.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { connectDatabase, type Database, type Db } from '../db/client.ts';
import { quickCustomer } from './auth-helpers.ts';
import { withDatabase } from './global-setup.ts';
import { deliverDueEmails } from '../modules/mail/deliver-emails.ts';
import { outboxBodyOpener } from '../modules/orders/credentials-email.ts';
import { insertGroupWithStock, testCipher } from './stock-helpers.ts';
import { whenDone } from './when-done.ts';

/** A customer who bought 2 of 3 accounts (its credentials e-mail rendered and sealed in the outbox); their credentials as read. */
export async function shopWithSoldOrder(app: FastifyInstance, db: Db) {
  const group = await insertGroupWithStock(db, { accounts: 3, priceKobo: 100_000 });
  const buyer = await quickCustomer(db, 500_000);
  const bought = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: {
      cookie: buyer.cookie,
      origin: 'http://localhost:3000',
      'idempotency-key': crypto.randomUUID(),
    },
    payload: { productGroupId: group.id, quantity: 2 },
  });
  expect(bought.statusCode).toBe(201);
  const orderId = (bought.json() as { order: { id: string } }).order.id;
  // The outbox worker's first attempt renders the credentials e-mail and stores it sealed.
  await deliverDueEmails(db, { name: 'test', send: async () => {} }, 'store@test', {
    open: outboxBodyOpener(db, testCipher),
  });
  const credentials = await readCredentials(app, buyer.cookie, orderId);
  return { buyer, orderId, credentials };
}

export async function readCredentials(app: FastifyInstance, cookie: string, orderId: string) {
  const res = await app.inject({ url: `/api/orders/${orderId}/credentials`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (
    res.json() as {
      accounts: { username: string; password: string; emailPassword: string | null }[];
    }
  ).accounts;
}

/** A new, empty database on the test server (what "wipe" leaves), dropped when the file ends. */
export async function emptyDatabase(): Promise<Database & { url: string }> {
  const serverUrl = inject('testDbServerUrl');
  const name = `${inject('testDbTemplate').replace('template', 'test')}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = withDatabase(serverUrl, name);
  const database = connectDatabase(url, 3);
  whenDone(async () => {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return { ...database, url };
}

const execFileAsync = promisify(execFile);
const cliDir = path.resolve(import.meta.dirname, '../cli');

/** Runs `node src/server/cli/<name>.ts args` with only the given environment (plus PATH); never throws. */
export async function runCli(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      [path.join(cliDir, `${name}.ts`), ...args],
      {
        env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', DEMO_SEED: 'false', ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}
