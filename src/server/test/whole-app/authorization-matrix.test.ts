// The authorization matrix: every /api route × {anonymous, customer A, customer B, admin} with the answer
// each must get, checked against the running app. A route the table does not list fails the first test.
import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../../modules/auth/sessions.ts';
import { sessions } from '../../modules/auth/auth.tables.ts';
import { SAME_ORIGIN } from '../auth-helpers.ts';
import { matrixFixtures } from '../kits/authorization-matrix/fixtures.ts';
import { ROLES, MUTATING, type Role } from '../kits/authorization-matrix/roles.ts';
import { authorizationMatrix } from '../kits/authorization-matrix/matrix.ts';

const f = await matrixFixtures();
const { app, db, nextAddress, admin, a, b } = f;
const matrix = authorizationMatrix(f);

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
