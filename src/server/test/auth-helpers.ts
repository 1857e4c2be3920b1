// Test helpers: create users directly, sign in through the real API, read the outbox.
import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../modules/auth/auth.tables.ts';
import { hashToken } from '../modules/auth/sessions.ts';
import { postLedgerEntry } from '../modules/wallet/post-ledger-entry.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { emailOutbox } from '../modules/mail/mail.tables.ts';
import { enqueueEmail, type OutgoingEmail } from '../modules/mail/outbox.ts';

export const SAME_ORIGIN = { origin: 'http://localhost:3000' };
let counter = 0;

export async function insertUser(
  db: Db,
  opts: {
    email?: string;
    password?: string;
    isAdmin?: boolean;
    confirmed?: boolean;
    walletBalanceKobo?: number;
  } = {},
) {
  const email = opts.email ?? `user${process.pid}-${++counter}-${Date.now()}@example.com`;
  const password = opts.password ?? 'secret-pass';
  const [row] = await db
    .insert(users)
    .values({
      email,
      fullName: email.split('@')[0]!,
      passwordHash: await hashPassword(password),
      isAdmin: opts.isAdmin ?? false,
      emailConfirmedAt: opts.confirmed === false ? null : new Date(),
      walletBalanceKobo: opts.walletBalanceKobo ?? 0,
    })
    .returning();
  return { ...row!, password };
}

/** Signs in through POST /api/auth/login and returns the Cookie header to send with later requests. */
export async function signInCookie(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: SAME_ORIGIN,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  return `sid=${cookie!.value}`;
}

export async function signedInUser(
  app: FastifyInstance,
  db: Db,
  opts: Parameters<typeof insertUser>[1] = {},
) {
  const user = await insertUser(db, opts);
  return { user, cookie: await signInCookie(app, user.email, user.password) };
}

export async function latestEmailTo(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

export function confirmationTokenFrom(text: string): string {
  const match = /token_hash=([A-Za-z0-9_-]+)&type=email/.exec(text);
  if (!match) throw new Error('no confirmation link in the e-mail');
  return match[1]!;
}

/** A customer with a session but no password hashing: for tests that need hundreds of buyers quickly. */
export async function quickCustomer(db: Db, fundKobo = 0) {
  const email = `buyer${process.pid}-${++counter}-${Date.now()}@example.com`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      fullName: email.split('@')[0]!,
      passwordHash: 'not-used',
      emailConfirmedAt: new Date(),
    })
    .returning();
  const token = await quickSessionToken(db, user!.id);
  if (fundKobo > 0) await fundWallet(db, user!.id, fundKobo);
  return { user: user!, cookie: `sid=${token}` };
}

/** A session for a user, as sign-in starts one: the cookie's value. */
export async function quickSessionToken(db: Db, userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  return token;
}

/** An e-mail in the outbox, put straight into the given state (failed, sent, retrying…). */
export async function insertEmail(
  db: Db,
  email: OutgoingEmail,
  state: Partial<typeof emailOutbox.$inferInsert>,
): Promise<string> {
  const id = await enqueueEmail(db, email);
  await db.update(emailOutbox).set(state).where(eq(emailOutbox.id, id));
  return id;
}

/** quickCustomer, made an admin. */
export async function quickAdmin(db: Db, fundKobo = 0) {
  const admin = await quickCustomer(db, fundKobo);
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  return admin;
}

/** Money enters a test wallet the way it does in the store: through a ledger entry. */
export async function fundWallet(db: Db, userId: string, amountKobo: number): Promise<void> {
  await db.transaction((tx) =>
    postLedgerEntry(tx, {
      userId,
      type: 'ADMIN_CREDIT',
      amountKobo,
      description: 'test funds',
      reference: `TEST_${crypto.randomUUID()}`,
      actor: 'test',
    }),
  );
}

/**
 * A same-origin POST that returns once the work the route left for after its answer (the forgot-password link,
 * say: http/after-answer.ts) is done too, so a test can read the e-mail it sent.
 */
export async function postSettled(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: { headers?: Record<string, string>; remoteAddress: string },
) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...SAME_ORIGIN, ...options.headers },
    remoteAddress: options.remoteAddress,
  });
  await app.afterAnswer.idle();
  return res;
}

/** The token of the first `path?token=…` (or `token_hash=…`) link in an e-mail's text. */
export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`${path}\\?(?:token|token_hash)=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}
