// The reseller API end to end on the real app: keys made in /profile, used as Bearer keys on /api/v1 only.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeyClient } from '../../test/api-key-helpers.ts';
import { quickAdmin, quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { purchaseClient } from '../../test/purchase-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { users } from '../auth/auth.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { apiKeys } from '../auth/api-keys/api-keys.tables.ts';
import { API_KEY_REQUESTS_PER_MINUTE } from '../../../shared/api-keys.ts';
import { purchase } from '../orders/purchase.ts';
import { revokeApiKey } from '../auth/api-keys/revoke-api-key.ts';

const { app, db } = await createTestApp();
const keys = apiKeyClient(app);
const { bearer } = keys;

const buy = (secret: string, body: object, idempotencyKey = crypto.randomUUID()) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: { ...bearer(secret), 'idempotency-key': idempotencyKey },
    payload: body,
  });

describe('API keys', () => {
  it('shows the key once, keeps only its hash, lists it with its last use, and revokes it', async () => {
    const { cookie } = await quickCustomer(db);
    const created = await keys.create(cookie, ['read'], 'My bot');
    expect(created.secret).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({ name: 'My bot', scopes: ['read'], active: true });
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.key.id));
    expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(created.secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.secret);

    expect(
      (await app.inject({ url: '/api/v1/balance', headers: bearer(created.secret) })).statusCode,
    ).toBe(200);
    const listed = await app.inject({ url: '/api/me/api-keys', headers: { cookie } });
    expect(listed.body).not.toContain(created.secret);
    expect(listed.json().keys[0].lastUsedAt).not.toBeNull();

    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/me/api-keys/${created.key.id}`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(revoked.json()).toMatchObject({ active: false });
    const after = await app.inject({ url: '/api/v1/balance', headers: bearer(created.secret) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
  });

  it("an admin sees a customer's keys and revokes one; the revocation is in the audit log", async () => {
    const { user, cookie } = await quickCustomer(db);
    const admin = await quickAdmin(db);
    const { key, secret } = await keys.create(cookie, ['read'], 'Reseller bot');
    const listed = await app.inject({
      url: `/api/admin/users/${user.id}/api-keys`,
      headers: { cookie: admin.cookie },
    });
    expect(listed.json().keys).toEqual([expect.objectContaining({ id: key.id, active: true })]);
    expect(listed.body).not.toContain(secret);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${key.id}`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    });
    expect(revoked.json()).toMatchObject({ active: false });
    expect((await app.inject({ url: '/api/v1/balance', headers: bearer(secret) })).statusCode).toBe(
      401,
    );
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(entry).toMatchObject({ action: 'api_key.revoke', actorUserId: admin.user.id });
  });

  it('opens /api/v1 only: a key is no cookie, and a cookie is no key', async () => {
    const { cookie } = await quickCustomer(db);
    const { secret } = await keys.create(cookie);
    // Keys are not read outside /api/v1: the web app's own routes and admin routes see an anonymous caller.
    for (const url of ['/api/orders', '/api/me', '/api/admin/users', '/api/me/api-keys'])
      expect((await app.inject({ url, headers: bearer(secret) })).statusCode, url).toBe(401);
    expect(
      (await app.inject({ url: '/api/orders', headers: { cookie: `sid=${secret}` } })).statusCode,
    ).toBe(401);
    // And a signed-in browser's cookie opens no /api/v1 route.
    expect((await app.inject({ url: '/api/v1/balance', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });

  it("an admin cannot make keys, a customer's key dies when they become admin, are deleted, or end every session", async () => {
    const admin = await quickAdmin(db);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/me/api-keys',
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
      payload: { name: 'x', scopes: ['read'] },
    });
    expect(refused.statusCode).toBe(403);

    const promoted = await quickCustomer(db);
    const k1 = await keys.create(promoted.cookie);
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, promoted.user.id));
    expect(
      (await app.inject({ url: '/api/v1/balance', headers: bearer(k1.secret) })).statusCode,
    ).toBe(401);

    const deleted = await quickCustomer(db);
    const k2 = await keys.create(deleted.cookie);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
    expect(
      (await app.inject({ url: '/api/v1/balance', headers: bearer(k2.secret) })).statusCode,
    ).toBe(401);

    // A password change or reset ends every session: the keys too (an intruder's key dies with the password).
    const changed = await quickCustomer(db);
    const k3 = await keys.create(changed.cookie);
    await endUserSessions(db, changed.user.id);
    expect(
      (await app.inject({ url: '/api/v1/balance', headers: bearer(k3.secret) })).statusCode,
    ).toBe(401);
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, k3.key.id));
    expect(row!.sessionTokenHash).toBeNull();
  });

  it('a key without the purchase scope buys nothing; one without read reads nothing', async () => {
    const { cookie } = await quickCustomer(db, 1_000_000);
    const group = await insertGroupWithStock(db, { accounts: 2, priceKobo: 10_000 });
    const reader = await keys.create(cookie, ['read']);
    const buyer = await keys.create(cookie, ['purchase']);
    const refused = await buy(reader.secret, { productGroupId: group.id, quantity: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect(
      (await app.inject({ url: '/api/v1/orders', headers: bearer(buyer.secret) })).statusCode,
    ).toBe(403);
    expect((await buy(buyer.secret, { productGroupId: group.id, quantity: 1 })).statusCode).toBe(
      201,
    );
  });

  it(`each key has its own limit: a burst of ${API_KEY_REQUESTS_PER_MINUTE + 20} sees exactly ${API_KEY_REQUESTS_PER_MINUTE} answered`, async () => {
    const { cookie } = await quickCustomer(db);
    const one = await keys.create(cookie, ['read']);
    const other = await keys.create(cookie, ['read']);
    const burst = await Promise.all(
      Array.from({ length: API_KEY_REQUESTS_PER_MINUTE + 20 }, () =>
        app.inject({ url: '/api/v1/balance', headers: bearer(one.secret) }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_KEY_REQUESTS_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    expect(burst.find((r) => r.statusCode === 429)!.json().error.code).toBe('RATE_LIMITED');
    expect(
      (await app.inject({ url: '/api/v1/balance', headers: bearer(other.secret) })).statusCode,
    ).toBe(200);
  });
});

describe('/api/v1', () => {
  it('buys through the web checkout verb: one order per Idempotency-Key, the credentials readable by the key', async () => {
    const { user, cookie } = await quickCustomer(db, 100_000);
    const group = await insertGroupWithStock(db, { accounts: 3, priceKobo: 30_000 });
    const { secret } = await keys.create(cookie);
    const catalogue = await app.inject({ url: '/api/v1/catalogue', headers: bearer(secret) });
    expect(catalogue.json().products).toContainEqual(
      expect.objectContaining({
        id: group.id,
        priceKobo: 30_000,
        stockCount: 3,
        minOrderQuantity: 1,
      }),
    );

    const idem = crypto.randomUUID();
    const first = await buy(secret, { productGroupId: group.id, quantity: 2 }, idem);
    const again = await buy(secret, { productGroupId: group.id, quantity: 2 }, idem);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(first.json()).toMatchObject({
      balanceKobo: 40_000,
      order: { quantity: 2, amountKobo: 60_000 },
    });
    // The v1 answer keeps its own declared shape: no web-app field leaks through.
    expect(Object.keys(first.json().order)).not.toContain('items');
    const [n] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, user.id));
    expect(n!.n).toBe(1);

    const other = await buy(secret, { productGroupId: group.id, quantity: 1 }, idem);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_MISMATCH');

    const creds = await app.inject({
      url: `/api/v1/orders/${first.json().order.id}/credentials`,
      headers: bearer(secret),
    });
    expect(creds.json().accounts).toHaveLength(2);
    expect(creds.headers['cache-control']).toBe('no-store');
    const balance = await app.inject({ url: '/api/v1/balance', headers: bearer(secret) });
    expect(balance.json()).toEqual({ balanceKobo: 40_000, currency: 'NGN' });
  });

  it('refuses a purchase without an Idempotency-Key, and answers the store closed codes', async () => {
    const { cookie } = await quickCustomer(db, 5_000);
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 30_000 });
    const { secret } = await keys.create(cookie);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: bearer(secret),
      payload: { productGroupId: group.id, quantity: 1 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_FAILED');
    const poor = await buy(secret, { productGroupId: group.id, quantity: 1 });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.code).toBe('INSUFFICIENT_BALANCE');
  });

  it("another customer's order is not found with my key", async () => {
    const a = await quickCustomer(db, 100_000);
    const b = await quickCustomer(db);
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
    const ka = await keys.create(a.cookie);
    const kb = await keys.create(b.cookie, ['read']);
    const id = (await buy(ka.secret, { productGroupId: group.id, quantity: 1 })).json().order.id;
    for (const url of [`/api/v1/orders/${id}`, `/api/v1/orders/${id}/credentials`])
      expect((await app.inject({ url, headers: bearer(kb.secret) })).statusCode, url).toBe(404);
    expect(
      (await app.inject({ url: `/api/v1/orders/${id}`, headers: bearer(ka.secret) })).statusCode,
    ).toBe(200);
  });

  it('a key revoked while its purchase waits buys nothing: the purchase checks the key session in its transaction', async () => {
    const { cookie } = await quickCustomer(db, 100_000);
    const group = await insertGroupWithStock(db, { accounts: 1, priceKobo: 10_000 });
    const { secret, key } = await keys.create(cookie);
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    // The door passed (the key was live); the key goes before the purchase's transaction starts.
    const [owner] = await db.select().from(users).where(eq(users.id, row!.userId));
    await revokeApiKey(db, key.id, { ownerId: owner!.id });
    await expect(
      purchase(db, app.purchases, {
        user: {
          id: owner!.id,
          email: owner!.email,
          fullName: owner!.fullName,
          isAdmin: false,
          twoFactor: false,
        },
        sessionTokenHash: row!.sessionTokenHash!,
        input: { productGroupId: group.id, quantity: 1 },
        idempotencyKey: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await buy(secret, { productGroupId: group.id, quantity: 1 })).statusCode).toBe(401);
  });

  it('a key the door remembers from its last purchase buys nothing once revoked, and reads nothing either', async () => {
    const { cookie } = await quickCustomer(db, 100_000);
    const group = await insertGroupWithStock(db, { accounts: 3, priceKobo: 10_000 });
    const { secret, key } = await keys.create(cookie);
    const body = { productGroupId: group.id, quantity: 1 };
    expect((await buy(secret, body)).statusCode).toBe(201); // read, and remembered for the purchase route
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/me/api-keys/${key.id}`,
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(revoked.statusCode).toBe(200);
    const again = await buy(secret, body);
    expect([again.statusCode, again.json().error.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await app.inject({ url: '/api/v1/balance', headers: bearer(secret) })).statusCode).toBe(
      401,
    );
    expect(await purchaseClient(app, db).stockOf(group.id)).toBe(2);
  });

  it('lists top-ups', async () => {
    const { cookie } = await quickCustomer(db);
    const { secret } = await keys.create(cookie, ['read']);
    await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: { cookie, ...SAME_ORIGIN },
      payload: { amountKobo: 5000_00 },
    });
    const res = await app.inject({ url: '/api/v1/topups', headers: bearer(secret) });
    expect(res.json().topups).toEqual([
      expect.objectContaining({ amountKobo: 5000_00, status: 'pending', completedAt: null }),
    ]);
  });
});
