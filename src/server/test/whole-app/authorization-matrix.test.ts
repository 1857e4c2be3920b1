// The authorization matrix: every /api route × {anonymous, customer A, customer B, admin} with the answer
// each must get, checked against the running app. A route the table does not list fails the first test.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../modules/auth/sessions.ts';
import { sessions } from '../../modules/auth/auth.tables.ts';
import { categories } from '../../modules/catalogue/catalogue.tables.ts';
import { inboxMessages } from '../../modules/inbox/inbox.tables.ts';
import { payments } from '../../modules/payments/payments.tables.ts';
import { promoCodes } from '../../modules/promotions/promotions.tables.ts';
import { stockAccounts } from '../../modules/stock/stock.tables.ts';
import {
  fundWallet,
  insertUser,
  quickCustomer,
  SAME_ORIGIN,
  signedInUser,
  signInCookie,
  insertEmail,
} from '../auth-helpers.ts';
import { reportClient } from '../report-helpers.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { createApiKey } from '../../modules/auth/api-keys/create-api-key.ts';
import { revokeApiKey } from '../../modules/auth/api-keys/revoke-api-key.ts';
import { listApiKeys } from '../../modules/auth/api-keys/list-api-keys.ts';
import { users } from '../../modules/auth/auth.tables.ts';
import type { ApiKeyScope } from '../../../shared/api-keys.ts';
import { webhookDeliveries, webhookEndpoints } from '../../modules/webhooks/webhooks.tables.ts';

const WEBHOOK_TOKEN = 'matrix-webhook-token-0123456789';
const { app, db } = await createTestApp({ env: { PAYMENT_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });

const ROLES = ['anonymous', 'customer A', 'customer B', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Caller = { role: Role; userId: string | null };
type Probe = { url: string; payload?: unknown; headers?: Record<string, string> };
/** The request is built afresh for each caller (throwaway objects for mutations); expect is in ROLES order. */
type Row = {
  expect: readonly [number, number, number, number];
  request: (caller: Caller) => Probe | Promise<Probe>;
  endsSession?: boolean;
};

const everyone = (status = 200) => [status, status, status, status] as const;
const SIGNED_IN = [401, 200, 200, 200] as const;
const CUSTOMERS = (status = 200) => [401, status, status, 403] as const;
const ADMINS = (status = 200) => [401, 403, 403, status] as const;
/** A's own objects: B (and an admin, who is not the owner) learn nothing, not even that they exist. */
const A_ONLY = [401, 200, 404, 404] as const;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
    if (k.active && k.name.startsWith('tmp-')) await revokeApiKey(db, k.id, { ownerId: a.user.id });
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

// ---- the matrix -------------------------------------------------------------------------------------------
const matrix: Record<string, Row> = {
  'GET /api/health': { expect: everyone(), request: () => ({ url: '/api/health' }) },
  'GET /api/site': { expect: everyone(), request: () => ({ url: '/api/site' }) },
  // No logo saved here: anyone passes the door and hears there is none.
  'GET /api/site/logo': { expect: everyone(404), request: () => ({ url: '/api/site/logo' }) },
  'GET /api/catalogue': { expect: everyone(), request: () => ({ url: '/api/catalogue' }) },
  'GET /api/catalogue/categories/:id': {
    expect: everyone(),
    request: () => ({ url: `/api/catalogue/categories/${showcase.categoryId}` }),
  },
  'GET /api/catalogue/accounts/:id': {
    expect: everyone(),
    request: () => ({ url: `/api/catalogue/accounts/${showcaseAccount!.id}` }),
  },
  'GET /api/dev/mailbox': { expect: everyone(), request: () => ({ url: '/api/dev/mailbox' }) },
  'POST /api/inbox/support': {
    expect: everyone(),
    request: () => ({
      url: '/api/inbox/support',
      payload: {
        fullName: 'Ada Obi',
        email: 'ada@example.com',
        category: 'general',
        subject: 'Hi',
        message: 'Help',
      },
    }),
  },
  'POST /api/inbox/contact': {
    expect: everyone(),
    request: () => ({ url: '/api/inbox/contact', payload: contact }),
  },
  'POST /api/inbox/quote': {
    expect: everyone(),
    request: () => ({
      url: '/api/inbox/quote',
      payload: {
        projectType: 'starter-website',
        name: 'Ada',
        email: 'ada@example.com',
        phone: '+234 800 000 0000',
        description: 'A site',
      },
    }),
  },
  'POST /api/auth/register': {
    expect: everyone(201),
    request: () => ({
      url: '/api/auth/register',
      payload: {
        email: `new-${hex()}@example.com`,
        password: 'secret-pass',
        confirmPassword: 'secret-pass',
      },
    }),
  },
  'POST /api/auth/resend-confirmation': {
    expect: everyone(),
    request: () => ({
      url: '/api/auth/resend-confirmation',
      payload: { email: `resend-${hex()}@example.com` },
    }),
  },
  'POST /api/auth/confirm-email': {
    expect: everyone(400),
    request: () => ({
      url: '/api/auth/confirm-email',
      payload: { token_hash: 'not-a-real-token-0', type: 'email' },
    }),
  },
  'POST /api/auth/login': {
    expect: everyone(),
    endsSession: true,
    request: () => ({
      url: '/api/auth/login',
      payload: { email: loginUser.email, password: loginUser.password },
    }),
  },
  'POST /api/auth/logout': {
    expect: everyone(),
    endsSession: true,
    request: () => ({ url: '/api/auth/logout' }),
  },
  'POST /api/auth/forgot-password': {
    expect: everyone(),
    request: () => ({
      url: '/api/auth/forgot-password',
      payload: { email: `forgot-${hex()}@example.com` },
    }),
  },
  'POST /api/auth/reset-password': {
    expect: everyone(400),
    request: () => ({
      url: '/api/auth/reset-password',
      payload: { token: 'not-a-real-token-0', newPassword: 'abcdef', confirmPassword: 'abcdef' },
    }),
  },
  'POST /api/auth/reset-password/check': {
    expect: everyone(),
    request: () => ({
      url: '/api/auth/reset-password/check',
      payload: { token: 'not-a-real-token-0' },
    }),
  },
  'POST /api/auth/confirm-email-change': {
    expect: everyone(400),
    request: () => ({
      url: '/api/auth/confirm-email-change',
      payload: { token: 'not-a-real-token-0' },
    }),
  },
  // No pending sign-in (no challenge cookie): the second step has nothing to answer.
  'POST /api/auth/login/second-factor': {
    expect: everyone(400),
    request: () => ({ url: '/api/auth/login/second-factor', payload: { code: '123456' } }),
  },
  'POST /api/payments/ercaspay/webhook/:token': {
    expect: everyone(),
    request: () => ({ url: `/api/payments/ercaspay/webhook/${WEBHOOK_TOKEN}`, payload: {} }),
  },

  'GET /api/session': { expect: everyone(), request: () => ({ url: '/api/session' }) },
  'GET /api/me': { expect: SIGNED_IN, request: () => ({ url: '/api/me' }) },
  'GET /api/me/profile': { expect: SIGNED_IN, request: () => ({ url: '/api/me/profile' }) },
  'PATCH /api/me': {
    expect: SIGNED_IN,
    request: () => ({ url: '/api/me', payload: { fullName: `Matrix ${hex()}` } }),
  },
  // The fixtures' users have no usable password: a wrong one proves the route is reached without ending any session.
  'POST /api/me/password': {
    expect: [401, 400, 400, 400],
    request: () => ({
      url: '/api/me/password',
      payload: { currentPassword: 'not-it', newPassword: 'abcdef', confirmPassword: 'abcdef' },
    }),
  },
  'POST /api/me/email': {
    expect: [401, 400, 400, 400],
    request: () => ({
      url: '/api/me/email',
      payload: { newEmail: `new-${hex()}@example.com`, currentPassword: 'not-it' },
    }),
  },
  'GET /api/me/sessions': { expect: SIGNED_IN, request: () => ({ url: '/api/me/sessions' }) },
  'DELETE /api/me/sessions/:id': {
    expect: A_ONLY,
    request: async () => ({ url: `/api/me/sessions/${await spareSessionOfA()}` }),
  },
  // These end sessions or the account itself: each caller sends them as a stand-in user of its own role.
  'POST /api/me/sessions/end-others': {
    expect: SIGNED_IN,
    request: async (caller) => ({
      url: '/api/me/sessions/end-others',
      headers: await standIn(caller),
    }),
  },
  'POST /api/me/delete': {
    expect: CUSTOMERS(),
    request: async (caller) => ({
      url: '/api/me/delete',
      headers: await standIn(caller),
      payload: { password: STAND_IN_PASSWORD, shownBalanceKobo: 0 },
    }),
  },
  // Two-factor sign-in, each caller as a stand-in of its role (wrong codes count against the account's limit).
  'POST /api/me/two-factor/setup': {
    expect: SIGNED_IN,
    request: async (caller) => ({
      url: '/api/me/two-factor/setup',
      headers: await standIn(caller),
      payload: { currentPassword: STAND_IN_PASSWORD },
    }),
  },
  'POST /api/me/two-factor/enable': {
    expect: [401, 409, 409, 409],
    request: async (caller) => ({
      url: '/api/me/two-factor/enable',
      headers: await standIn(caller),
      payload: { code: '123456' },
    }),
  },
  'POST /api/me/two-factor/disable': {
    expect: [401, 400, 400, 400],
    request: async (caller) => ({
      url: '/api/me/two-factor/disable',
      headers: await standIn(caller),
      payload: { code: '123456' },
    }),
  },
  'POST /api/me/two-factor/step-up': {
    expect: [401, 400, 400, 400],
    request: async (caller) => ({
      url: '/api/me/two-factor/step-up',
      headers: await standIn(caller),
      payload: { code: '123456' },
    }),
  },
  'GET /api/me/activity': { expect: SIGNED_IN, request: () => ({ url: '/api/me/activity' }) },
  'POST /api/orders/:id/reports': {
    expect: [401, 201, 404, 404],
    request: async () => {
      const order = await tmpOrderOfA();
      return {
        url: `/api/orders/${order.id}/reports`,
        payload: { accountIds: [order.items[0]!.accountId], reason: 'wrong_password' },
      };
    },
  },
  'GET /api/orders': { expect: SIGNED_IN, request: () => ({ url: '/api/orders' }) },
  'GET /api/orders/:id/credentials': {
    expect: A_ONLY,
    request: () => ({ url: `/api/orders/${orderId}/credentials` }),
  },
  'GET /api/orders/:id/download': {
    expect: A_ONLY,
    request: () => ({ url: `/api/orders/${orderId}/download?format=txt` }),
  },
  'POST /api/orders/:id/email': {
    expect: A_ONLY,
    request: () => ({ url: `/api/orders/${orderId}/email` }),
  },

  'GET /api/wallet': { expect: CUSTOMERS(), request: () => ({ url: '/api/wallet' }) },
  'GET /api/wallet/transactions': {
    expect: CUSTOMERS(),
    request: () => ({ url: '/api/wallet/transactions' }),
  },
  'POST /api/wallet/topups': {
    expect: CUSTOMERS(201),
    request: () => ({ url: '/api/wallet/topups', payload: { amountKobo: 1000_00 } }),
  },
  'GET /api/wallet/topups/:reference': {
    expect: [401, 200, 404, 403],
    request: () => ({ url: `/api/wallet/topups/${topup.reference}` }),
  },
  'POST /api/orders': {
    expect: CUSTOMERS(201),
    request: () => ({
      url: '/api/orders',
      headers: { 'idempotency-key': crypto.randomUUID() },
      payload: { productGroupId: group.id, quantity: 1 },
    }),
  },

  'GET /api/admin/stats': { expect: ADMINS(), request: () => ({ url: '/api/admin/stats' }) },
  'GET /api/admin/overview': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/overview?period=7d' }),
  },
  'GET /api/admin/overview/export.csv': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/overview/export.csv?period=today' }),
  },
  'GET /api/admin/activity': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/activity?area=money&from=2020-01-01' }),
  },
  'GET /api/admin/orders': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/orders?status=completed&search=example' }),
  },
  'GET /api/admin/orders/export.csv': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/orders/export.csv?from=2020-01-01' }),
  },
  'GET /api/admin/reports': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/reports?status=all' }),
  },
  'POST /api/admin/reports/:id/resolve': {
    expect: ADMINS(),
    request: async () => ({
      url: `/api/admin/reports/${await tmpReport()}/resolve`,
      payload: { action: 'refund' },
    }),
  },
  'GET /api/admin/inbox': { expect: ADMINS(), request: () => ({ url: '/api/admin/inbox' }) },
  'PATCH /api/admin/inbox/:id': {
    expect: ADMINS(),
    request: () => ({ url: `/api/admin/inbox/${message!.id}`, payload: { status: 'handled' } }),
  },
  'POST /api/admin/inbox/:id/reply': {
    expect: ADMINS(),
    request: () => ({
      url: `/api/admin/inbox/${message!.id}/reply`,
      payload: { message: 'Thanks, done.' },
    }),
  },
  'GET /api/admin/catalogue': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/catalogue' }),
  },
  'POST /api/admin/categories': {
    expect: ADMINS(201),
    request: () => ({ url: '/api/admin/categories', payload: { name: `Matrix ${hex()}` } }),
  },
  'PATCH /api/admin/categories/:id': {
    expect: ADMINS(),
    request: async () => ({
      url: `/api/admin/categories/${await tmpCategory()}`,
      payload: { name: 'Renamed', description: '' },
    }),
  },
  'DELETE /api/admin/categories/:id': {
    expect: ADMINS(),
    request: async () => ({ url: `/api/admin/categories/${await tmpCategory()}` }),
  },
  'POST /api/admin/product-groups': {
    expect: ADMINS(201),
    request: () => ({
      url: '/api/admin/product-groups',
      payload: { productName: `Matrix ${hex()}`, categoryId: group.categoryId, priceKobo: 5000 },
    }),
  },
  'PATCH /api/admin/product-groups/:id': {
    expect: ADMINS(),
    request: async () => ({
      url: `/api/admin/product-groups/${await tmpTemplate()}`,
      payload: { productName: `Renamed ${hex()}`, categoryId: group.categoryId, priceKobo: 7000 },
    }),
  },
  'POST /api/admin/product-groups/:id/archive': {
    expect: ADMINS(),
    request: async () => ({ url: `/api/admin/product-groups/${await tmpTemplate()}/archive` }),
  },
  'POST /api/admin/product-groups/:id/restore': {
    expect: ADMINS(),
    request: async () => ({ url: `/api/admin/product-groups/${await tmpTemplate()}/restore` }),
  },
  'DELETE /api/admin/product-groups/:id': {
    expect: ADMINS(),
    request: async () => ({ url: `/api/admin/product-groups/${await tmpTemplate()}` }),
  },
  'POST /api/admin/product-groups/:id/upload': {
    expect: ADMINS(),
    request: async () => ({
      url: `/api/admin/product-groups/${await tmpTemplate()}/upload`,
      headers: { 'content-type': 'text/csv' },
      payload: `username,password\nmatrix_${hex()},pw-1\n`,
    }),
  },
  'GET /api/admin/product-groups/:id/export.csv': {
    expect: ADMINS(),
    request: () => ({ url: `/api/admin/product-groups/${group.id}/export.csv` }),
  },
  'GET /api/admin/accounts': { expect: ADMINS(), request: () => ({ url: '/api/admin/accounts' }) },
  'GET /api/admin/accounts/:id': {
    expect: ADMINS(),
    request: () => ({ url: `/api/admin/accounts/${showcaseAccount!.id}` }),
  },
  'POST /api/admin/accounts': {
    expect: ADMINS(201),
    request: () => ({
      url: '/api/admin/accounts',
      payload: {
        title: `Matrix ${hex()}`,
        categoryId: group.categoryId,
        priceKobo: 1000,
        username: `matrix_${hex()}`,
        password: 'pw',
      },
    }),
  },
  'PATCH /api/admin/accounts/:id': {
    expect: ADMINS(),
    request: async () => ({
      url: `/api/admin/accounts/${await tmpAccount()}`,
      payload: { username: `edited_${hex()}`, status: 'available' },
    }),
  },
  'DELETE /api/admin/accounts/:id': {
    expect: ADMINS(),
    request: async () => ({ url: `/api/admin/accounts/${await tmpAccount()}` }),
  },
  'GET /api/admin/users': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/users?search=example' }),
  },
  'GET /api/admin/users/:id': {
    expect: ADMINS(),
    request: () => ({ url: `/api/admin/users/${a.user.id}` }),
  },
  'POST /api/admin/users/:id/adjust': {
    expect: ADMINS(),
    request: async () => ({
      url: `/api/admin/users/${(await quickCustomer(db)).user.id}/adjust`,
      payload: { action: 'credit', amountKobo: 10_00, reason: 'matrix' },
    }),
  },
  'GET /api/admin/payments': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/payments?status=completed' }),
  },
  'POST /api/admin/payments/:id/recheck': {
    expect: ADMINS(),
    request: () => ({ url: `/api/admin/payments/${payment!.id}/recheck` }),
  },
  'GET /api/metrics': { expect: ADMINS(), request: () => ({ url: '/api/metrics' }) },
  'GET /api/admin/emails': { expect: ADMINS(), request: () => ({ url: '/api/admin/emails' }) },
  'POST /api/admin/emails/:id/retry': {
    expect: ADMINS(),
    request: async () => ({ url: `/api/admin/emails/${await tmpFailedEmail()}/retry` }),
  },
  'POST /api/admin/emails/retry-failed': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/emails/retry-failed' }),
  },
  'GET /api/admin/alerts': { expect: ADMINS(), request: () => ({ url: '/api/admin/alerts' }) },
  'PUT /api/admin/alerts': {
    expect: ADMINS(),
    request: () => ({
      url: '/api/admin/alerts',
      payload: {
        kinds: {
          order_completed: true,
          low_stock: true,
          account_reported: true,
          topup_attention: true,
          email_failing: true,
        },
        minOrderKobo: 0,
      },
    }),
  },
  // No bot configured here: an admin passes the door and hears that Telegram is not set up.
  'POST /api/admin/alerts/test': {
    expect: ADMINS(409),
    request: () => ({ url: '/api/admin/alerts/test' }),
  },
  'GET /api/admin/settings': { expect: ADMINS(), request: () => ({ url: '/api/admin/settings' }) },
  'PUT /api/admin/settings': {
    expect: ADMINS(),
    request: () => ({
      url: '/api/admin/settings',
      payload: {
        storeName: 'AcctStore',
        supportWhatsapp: '+234 800 000 0000',
        supportTelegramUrl: 'https://t.me/matrix_shop',
        supportEmail: 'help@matrix.example',
        officeLocation: 'Lagos',
        telegramChatId: null,
        referralPercent: 5,
        referralMaxTopups: 3,
        warrantyHours: 48,
        lowStockThreshold: 4,
      },
    }),
  },
  'PUT /api/admin/settings/logo': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/settings/logo', payload: { image: null } }),
  },
  'GET /api/admin/payments/settings': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/payments/settings' }),
  },
  'GET /api/referrals': { expect: CUSTOMERS(), request: () => ({ url: '/api/referrals' }) },
  'GET /api/admin/referrals/settings': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/referrals/settings' }),
  },
  'PUT /api/admin/referrals/settings': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/referrals/settings', payload: { isEnabled: true } }),
  },
  // Promotions (issue 41): the console's codes; the quote is the customer's, before paying.
  'GET /api/admin/promo-codes': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/promo-codes' }),
  },
  'POST /api/admin/promo-codes': {
    expect: ADMINS(201),
    request: () => ({
      url: '/api/admin/promo-codes',
      payload: {
        code: `M${crypto.randomBytes(4).toString('hex')}`.toUpperCase(),
        kind: 'percent',
        percentOff: 10,
      },
    }),
  },
  'POST /api/admin/promo-codes/:id/end': {
    expect: ADMINS(),
    request: async () => {
      const [code] = await db
        .insert(promoCodes)
        .values({
          code: `E${crypto.randomBytes(4).toString('hex')}`.toUpperCase(),
          kind: 'percent',
          percentOff: 5,
          scope: 'all',
        })
        .returning({ id: promoCodes.id });
      return { url: `/api/admin/promo-codes/${code!.id}/end` };
    },
  },
  'POST /api/orders/quote': {
    expect: CUSTOMERS(),
    request: () => ({
      url: '/api/orders/quote',
      payload: { productGroupId: group.id, quantity: 1 },
    }),
  },
  'GET /api/me/api-keys': { expect: CUSTOMERS(), request: () => ({ url: '/api/me/api-keys' }) },
  'POST /api/me/api-keys': {
    expect: CUSTOMERS(201),
    request: async () => {
      await clearTmpKeysOfA();
      return { url: '/api/me/api-keys', payload: { name: 'tmp-bot', scopes: ['read'] } };
    },
  },
  'DELETE /api/me/api-keys/:id': {
    expect: [401, 200, 404, 403],
    request: async () => ({ url: `/api/me/api-keys/${await tmpKeyOfA()}` }),
  },
  'GET /api/admin/users/:id/api-keys': {
    expect: ADMINS(),
    request: () => ({ url: `/api/admin/users/${a.user.id}/api-keys` }),
  },
  'DELETE /api/admin/api-keys/:id': {
    expect: ADMINS(),
    request: async () => ({ url: `/api/admin/api-keys/${await tmpKeyOfA()}` }),
  },
  'GET /api/me/webhooks': { expect: CUSTOMERS(), request: () => ({ url: '/api/me/webhooks' }) },
  'POST /api/me/webhooks': {
    expect: CUSTOMERS(201),
    request: async (caller) => {
      if (caller.userId) await tmpEndpointOf(caller.userId);
      return {
        url: '/api/me/webhooks',
        payload: { url: 'https://hooks.example.com/in', events: ['order.completed'] },
      };
    },
  },
  'DELETE /api/me/webhooks/:id': {
    expect: [401, 200, 404, 403],
    request: async () => ({ url: `/api/me/webhooks/${await tmpEndpointOf(a.user.id)}` }),
  },
  'POST /api/me/webhooks/deliveries/:id/resend': {
    expect: [401, 200, 404, 403],
    request: async () => ({
      url: `/api/me/webhooks/deliveries/${await tmpFailedDeliveryOfA()}/resend`,
    }),
  },
  'GET /api/v1/openapi.json': {
    expect: everyone(),
    request: () => ({ url: '/api/v1/openapi.json' }),
  },
  'GET /api/v1/catalogue': {
    expect: COOKIES_OPEN_NOTHING,
    request: () => ({ url: '/api/v1/catalogue' }),
  },
  'GET /api/v1/balance': {
    expect: COOKIES_OPEN_NOTHING,
    request: () => ({ url: '/api/v1/balance' }),
  },
  'POST /api/v1/orders': {
    expect: COOKIES_OPEN_NOTHING,
    request: () => ({
      url: '/api/v1/orders',
      payload: { productGroupId: group.id, quantity: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
  },
  'GET /api/v1/orders': {
    expect: COOKIES_OPEN_NOTHING,
    request: () => ({ url: '/api/v1/orders' }),
  },
  'GET /api/v1/orders/:id': {
    expect: COOKIES_OPEN_NOTHING,
    request: () => ({ url: `/api/v1/orders/${orderId}` }),
  },
  'GET /api/v1/orders/:id/credentials': {
    expect: COOKIES_OPEN_NOTHING,
    request: () => ({ url: `/api/v1/orders/${orderId}/credentials` }),
  },
  'GET /api/v1/topups': {
    expect: COOKIES_OPEN_NOTHING,
    request: () => ({ url: '/api/v1/topups' }),
  },
  'POST /api/admin/payments/webhook-url': {
    expect: ADMINS(),
    request: () => ({ url: '/api/admin/payments/webhook-url' }),
  },
};

const callers: Record<Role, { userId: string | null; cookie: string | null }> = {
  anonymous: { userId: null, cookie: null },
  'customer A': { userId: a.user.id, cookie: a.cookie },
  'customer B': { userId: b.user.id, cookie: b.cookie },
  admin: { userId: admin.user.id, cookie: admin.cookie },
};

/** A second session of the same user, for the routes that end the session they are called with. */
async function freshCookie(userId: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 3600_000) });
  return `sid=${token}`;
}

async function call(key: string, role: Role) {
  const [method, pattern] = key.split(' ') as [NonNullable<InjectOptions['method']>, string];
  const row = matrix[key]!;
  const { userId, cookie: mainCookie } = callers[role];
  const probe = await row.request({ role, userId });
  expect(
    probe.url.split('?')[0]!.split('/').length,
    `${key}: the concrete URL matches the route`,
  ).toBe(pattern.split('/').length);
  const cookie = userId && row.endsSession ? await freshCookie(userId) : mainCookie;
  const headers: Record<string, string> = {
    ...(MUTATING.has(String(method)) ? SAME_ORIGIN : {}),
    ...(cookie ? { cookie } : {}),
    ...probe.headers,
  };
  const payload =
    probe.payload === undefined
      ? undefined
      : typeof probe.payload === 'string'
        ? probe.payload
        : JSON.stringify(probe.payload);
  if (payload !== undefined && !headers['content-type'])
    headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url: probe.url,
    headers,
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: nextAddress(),
  });
}

describe('the authorization matrix', () => {
  it('lists every /api route of the app, and nothing else', () => {
    const routes = app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(new Set(routes).size).toBe(routes.length);
    expect(Object.keys(matrix).sort()).toEqual(routes);
  });

  it('asks a fresh second-factor code exactly on the money actions, the reveal of credentials, and what hands a machine access (an API key, a webhook)', () => {
    const stepUp = app.apiRoutes.filter((r) => r.stepUp).map((r) => `${r.method} ${r.url}`);
    expect(stepUp.sort()).toEqual([
      'GET /api/admin/accounts/:id',
      'GET /api/admin/product-groups/:id/export.csv',
      'GET /api/admin/reports',
      'POST /api/admin/reports/:id/resolve',
      'POST /api/admin/users/:id/adjust',
      'POST /api/me/api-keys',
      'POST /api/me/webhooks',
    ]);
    for (const r of app.apiRoutes.filter((r) => r.stepUp))
      expect(r.access, `${r.method} ${r.url}`).toBe(
        r.url.startsWith('/api/me/') ? 'customer' : 'admin',
      );
  });

  it('agrees with the access each route declares', () => {
    for (const { method, url, access } of app.apiRoutes) {
      const [anonymous, customerA, customerB, asAdmin] = matrix[`${method} ${url}`]!.expect;
      if (access !== 'public') expect(anonymous, `${method} ${url}`).toBe(401);
      if (access === 'admin')
        expect([customerA, customerB], `${method} ${url}`).toEqual([403, 403]);
      if (access === 'customer') expect(asAdmin, `${method} ${url}`).toBe(403);
    }
  });

  const cases = Object.keys(matrix).flatMap((key) =>
    ROLES.map((role, i) => ({ key, role, status: matrix[key]!.expect[i]! })),
  );
  it.each(cases)('$key as $role → $status', async ({ key, role, status }) => {
    const res = await call(key, role);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    if (status === 401) expect(res.json().error.code).toBe('UNAUTHENTICATED');
    if (status === 403) expect(res.json().error.code).toBe('FORBIDDEN');
    if (status === 404) {
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect(res.body).not.toMatch(/pw-|password/i);
    }
  });
});

// ---- the key matrix: every /api/v1 route × the keys a caller may hold ---------------------------------------
const KEY_HOLDERS = [
  'no key',
  'A read',
  'A purchase',
  'A revoked',
  'B both',
  'promoted admin',
] as const;
type KeyHolder = (typeof KEY_HOLDERS)[number];
const keyOf = async (userId: string, scopes: ApiKeyScope[]) =>
  (await createApiKey(db, userId, { name: `matrix-${hex()}`, scopes })).secret;
const revokedKey = await createApiKey(db, a.user.id, {
  name: 'revoked',
  scopes: ['read', 'purchase'],
});
await revokeApiKey(db, revokedKey.key.id, { ownerId: a.user.id });
const promoted = await quickCustomer(db, 1_000_000);
const promotedKey = await keyOf(promoted.user.id, ['read', 'purchase']);
await db.update(users).set({ isAdmin: true }).where(eq(users.id, promoted.user.id));
const keys: Record<KeyHolder, string | null> = {
  'no key': null,
  'A read': await keyOf(a.user.id, ['read']),
  'A purchase': await keyOf(a.user.id, ['purchase']),
  'A revoked': revokedKey.secret,
  'B both': await keyOf(b.user.id, ['read', 'purchase']),
  'promoted admin': promotedKey,
};
const READ = [401, 200, 403, 401, 200, 401] as const;
/** A's order: B's key learns nothing of it. */
const READ_A_ONLY = [401, 200, 403, 401, 404, 401] as const;
const keyMatrix: Record<string, { expect: readonly number[]; request: () => Probe }> = {
  'GET /api/v1/catalogue': { expect: READ, request: () => ({ url: '/api/v1/catalogue' }) },
  'GET /api/v1/balance': { expect: READ, request: () => ({ url: '/api/v1/balance' }) },
  'POST /api/v1/orders': {
    expect: [401, 403, 201, 401, 201, 401],
    request: () => ({
      url: '/api/v1/orders',
      payload: { productGroupId: group.id, quantity: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
  },
  'GET /api/v1/orders': { expect: READ, request: () => ({ url: '/api/v1/orders' }) },
  'GET /api/v1/orders/:id': {
    expect: READ_A_ONLY,
    request: () => ({ url: `/api/v1/orders/${orderId}` }),
  },
  'GET /api/v1/orders/:id/credentials': {
    expect: READ_A_ONLY,
    request: () => ({ url: `/api/v1/orders/${orderId}/credentials` }),
  },
  'GET /api/v1/topups': { expect: READ, request: () => ({ url: '/api/v1/topups' }) },
};

describe('the key matrix (/api/v1)', () => {
  it('lists every route that takes a key, and each states its scope', () => {
    const keyRoutes = app.apiRoutes.filter((r) => r.access === 'api-key');
    expect(keyRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      Object.keys(keyMatrix).sort(),
    );
    for (const r of keyRoutes)
      expect(r.url.startsWith('/api/v1/') && r.apiScope !== null).toBe(true);
  });

  const keyCases = Object.keys(keyMatrix).flatMap((key) =>
    KEY_HOLDERS.map((holder, i) => ({ key, holder, status: keyMatrix[key]!.expect[i]! })),
  );
  it.each(keyCases)('$key with $holder → $status', async ({ key, holder, status }) => {
    const [method, pattern] = key.split(' ') as [NonNullable<InjectOptions['method']>, string];
    const probe = keyMatrix[key]!.request();
    expect(probe.url.split('/').length).toBe(pattern.split('/').length);
    const secret = keys[holder];
    const res = await app.inject({
      method,
      url: probe.url,
      headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...probe.headers },
      ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    if (status === 401) expect(res.json().error.code).toBe('UNAUTHENTICATED');
    if (status === 403) expect(res.json().error.code).toBe('FORBIDDEN');
    if (status === 404) expect(res.body).not.toMatch(/password/i);
  });

  it("no other route takes a key: with only A's key every signed-in and admin route answers 401", async () => {
    const secret = await keyOf(a.user.id, ['read', 'purchase']);
    const closed = Object.keys(matrix).filter(
      (k) => matrix[k]!.expect[0] === 401 && !k.includes(' /api/v1/'),
    );
    expect(closed).toContain('GET /api/admin/users');
    for (const key of closed) {
      const [method] = key.split(' ') as [NonNullable<InjectOptions['method']>];
      const probe = await matrix[key]!.request({ role: 'anonymous', userId: null });
      const res = await app.inject({
        method,
        url: probe.url,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(MUTATING.has(String(method)) ? SAME_ORIGIN : {}),
          ...probe.headers,
        },
        ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, key).toBe(401);
    }
  });
});
