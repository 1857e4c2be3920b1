// The store and the objects the authorization matrix calls its routes on: users of each role, an order, a
// report, and makers of throwaway objects for the mutations (a fresh one per caller).
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashToken } from '../../../modules/auth/sessions.ts';
import { sessions } from '../../../modules/auth/auth.tables.ts';
import { categories } from '../../../modules/catalogue/catalogue.tables.ts';
import { inboxMessages } from '../../../modules/inbox/inbox.tables.ts';
import { payments } from '../../../modules/payments/payments.tables.ts';
import { stockAccounts } from '../../../modules/stock/stock.tables.ts';
import {
  fundWallet,
  insertUser,
  quickCustomer,
  SAME_ORIGIN,
  signedInUser,
  signInCookie,
  insertEmail,
} from '../../auth-helpers.ts';
import { reportClient } from '../../report-helpers.ts';
import { insertGroupWithStock } from '../../stock-helpers.ts';
import { createTestApp } from '../../test-app.ts';
import { createApiKey } from '../../../modules/auth/api-keys/create-api-key.ts';
import { revokeApiKey } from '../../../modules/auth/api-keys/revoke-api-key.ts';
import { listApiKeys } from '../../../modules/auth/api-keys/list-api-keys.ts';
import { webhookDeliveries, webhookEndpoints } from '../../../modules/webhooks/webhooks.tables.ts';
import { everyone, type Caller } from './roles.ts';

export async function matrixFixtures() {
  const WEBHOOK_TOKEN = 'matrix-webhook-token-0123456789';
  const { app, db } = await createTestApp({ env: { PAYMENT_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });

  const hex = () => crypto.randomBytes(4).toString('hex');
  let remote = 0;
  /** Each request from its own address, so the per-address rate limits of the public forms never interfere. */
  const nextAddress = () => (remote++, `10.9.${Math.floor(remote / 250)}.${(remote % 250) + 1}`);

  // ---- fixtures ---------------------------------------------------------------------------------------------
  const admin = await signedInUser(app, db, { isAdmin: true });
  const a = await quickCustomer(db);
  const b = await quickCustomer(db, 1_000_000);
  const loginUser = await insertUser(db, { password: 'matrix-login-pass' });
  const group = await insertGroupWithStock(db, { accounts: 10, priceKobo: 10_000 });
  const showcase = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
  const [showcaseAccount] = await db
    .select({ id: stockAccounts.id })
    .from(stockAccounts)
    .where(eq(stockAccounts.productGroupId, showcase.id));

  // A tops up through the sandbox checkout (the real path), then buys one account.
  const started = await app.inject({
    method: 'POST',
    url: '/api/wallet/topups',
    headers: { cookie: a.cookie, ...SAME_ORIGIN },
    payload: { amountKobo: 5000_00 },
  });
  const topup = started.json<{ reference: string; checkoutUrl: string }>();
  await app.inject({
    method: 'POST',
    url: new URL(topup.checkoutUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'action=pay',
  });
  const credited = await app.inject({
    url: `/api/wallet/topups/${topup.reference}`,
    headers: { cookie: a.cookie },
  });
  if (credited.json().status !== 'completed')
    throw new Error(`fixture: top-up not credited: ${credited.body}`);
  const [payment] = await db.select().from(payments).where(eq(payments.reference, topup.reference));
  const bought = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: a.cookie, ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
    payload: { productGroupId: group.id, quantity: 1 },
  });
  const orderId = bought.json<{ order: { id: string } }>().order.id;

  const contact = {
    type: 'general',
    name: 'Ada Obi',
    email: 'ada@example.com',
    subject: 'Hello',
    message: 'A question',
  };
  await app.inject({
    method: 'POST',
    url: '/api/inbox/contact',
    headers: SAME_ORIGIN,
    payload: contact,
    remoteAddress: nextAddress(),
  });
  const [message] = await db
    .select({ id: inboxMessages.id })
    .from(inboxMessages)
    .where(eq(inboxMessages.email, 'ada@example.com'));

  // After the sale: a throwaway order of A per report, so each request has its own account to report or resolve.
  const reports = reportClient(app);
  const reportable = await insertGroupWithStock(db, {
    accounts: 20,
    priceKobo: 10_000,
    categoryId: group.categoryId,
  });
  async function tmpOrderOfA() {
    await fundWallet(db, a.user.id, 10_000);
    return reports.buy(a.cookie, reportable.id);
  }
  async function tmpReport(): Promise<string> {
    const order = await tmpOrderOfA();
    return (await reports.report(a.cookie, order.id, [order.items[0]!.accountId])).json<{
      reportIds: string[];
    }>().reportIds[0]!;
  }

  // Throwaway objects: each mutating admin request changes its own, so no row depends on another's order.
  async function tmpCategory(): Promise<string> {
    const id = `tmp-${hex()}`;
    await db.insert(categories).values({ id, name: id });
    return id;
  }
  const tmpTemplate = async () =>
    (await insertGroupWithStock(db, { accounts: 0, categoryId: group.categoryId })).id;
  async function tmpAccount(): Promise<string> {
    const g = await insertGroupWithStock(db, { accounts: 1, categoryId: group.categoryId });
    const [row] = await db
      .select({ id: stockAccounts.id })
      .from(stockAccounts)
      .where(eq(stockAccounts.productGroupId, g.id));
    return row!.id;
  }

  async function tmpFailedEmail(): Promise<string> {
    const id = await insertEmail(
      db,
      { kind: 'matrix', to: 'matrix@example.com', subject: 'Matrix', text: 'x' },
      { status: 'failed', attempts: 8, lastError: 'matrix' },
    );
    return id;
  }
  const STAND_IN_PASSWORD = 'stand-in-pass';
  /** The Cookie header of a new signed-in user with the caller's role (none for the anonymous). */
  async function standIn(caller: Caller): Promise<Record<string, string>> {
    if (!caller.userId) return {};
    const user = await insertUser(db, {
      password: STAND_IN_PASSWORD,
      isAdmin: caller.role === 'admin',
    });
    return { cookie: await signInCookie(app, user.email, STAND_IN_PASSWORD) };
  }
  async function spareSessionOfA(): Promise<string> {
    const [row] = await db
      .insert(sessions)
      .values({
        tokenHash: hashToken(crypto.randomBytes(32).toString('base64url')),
        userId: a.user.id,
        expiresAt: new Date(Date.now() + 3600_000),
      })
      .returning({ id: sessions.id });
    return row!.id;
  }

  /** A throwaway API key of A, for the routes that revoke one. */
  /** A customer holds at most MAX_API_KEYS: the throwaway keys of earlier calls go before a new one is made. */
  async function clearTmpKeysOfA(): Promise<void> {
    for (const k of await listApiKeys(db, a.user.id))
      if (k.active && k.name.startsWith('tmp-'))
        await revokeApiKey(db, k.id, { ownerId: a.user.id });
  }
  async function tmpKeyOfA(): Promise<string> {
    await clearTmpKeysOfA();
    return (await createApiKey(db, a.user.id, { name: `tmp-${hex()}`, scopes: ['read'] })).key.id;
  }
  /** A's throwaway webhook endpoint (the caller's own endpoints go first: a customer holds at most five). */
  async function tmpEndpointOf(userId: string): Promise<string> {
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    const [row] = await db
      .insert(webhookEndpoints)
      .values({
        userId,
        url: 'https://hooks.example.com/in',
        events: ['order.completed'],
        secretSealed: 'x',
      })
      .returning();
    return row!.id;
  }
  /** A failed delivery to A's throwaway endpoint, for Resend. */
  async function tmpFailedDeliveryOfA(): Promise<string> {
    const endpointId = await tmpEndpointOf(a.user.id);
    const [row] = await db
      .insert(webhookDeliveries)
      .values({
        endpointId,
        userId: a.user.id,
        event: 'order.completed',
        eventId: crypto.randomUUID(),
        subjectId: crypto.randomUUID(),
        status: 'failed',
        attempts: 12,
      })
      .returning();
    return row!.id;
  }
  /** A cookie opens no /api/v1 route: those take a key, and the key matrix below checks them with keys. */
  const COOKIES_OPEN_NOTHING = everyone(401);
  return {
    WEBHOOK_TOKEN,
    app,
    db,
    hex,
    nextAddress,
    admin,
    a,
    b,
    loginUser,
    group,
    showcase,
    showcaseAccount,
    started,
    topup,
    credited,
    payment,
    bought,
    orderId,
    contact,
    message,
    reports,
    reportable,
    tmpOrderOfA,
    tmpReport,
    tmpCategory,
    tmpTemplate,
    tmpAccount,
    tmpFailedEmail,
    STAND_IN_PASSWORD,
    standIn,
    spareSessionOfA,
    clearTmpKeysOfA,
    tmpKeyOfA,
    tmpEndpointOf,
    tmpFailedDeliveryOfA,
    COOKIES_OPEN_NOTHING,
  };
}

export type MatrixFixtures = Awaited<ReturnType<typeof matrixFixtures>>;
