// The key matrix: every /api/v1 route × the keys a caller may hold (none, read, purchase, revoked, another
// customer's, a key whose owner became admin); and no other route takes a key.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN } from '../auth-helpers.ts';
import { createApiKey } from '../../modules/auth/api-keys/create-api-key.ts';
import { revokeApiKey } from '../../modules/auth/api-keys/revoke-api-key.ts';
import { users } from '../../modules/auth/auth.tables.ts';
import type { ApiKeyScope } from '../../../shared/api-keys.ts';
import { matrixFixtures } from '../kits/authorization-matrix/fixtures.ts';
import { MUTATING, type Probe } from '../kits/authorization-matrix/roles.ts';
import { authorizationMatrix } from '../kits/authorization-matrix/matrix.ts';

const f = await matrixFixtures();
const { app, db, hex, nextAddress, a, b, group, orderId } = f;
const matrix = authorizationMatrix(f);

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
