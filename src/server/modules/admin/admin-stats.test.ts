// GET /api/admin/stats tells the console whether payments are live or test (it shows a banner in test mode).
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

describe('the admin stats', async () => {
  const test = await createTestApp();
  const live = await createTestApp({ env: { ERCASPAY_MODE: 'live' } });

  it('say "test" outside production unless ERCASPAY_MODE=live, and "live" when it is', async () => {
    for (const [ctx, mode] of [
      [test, 'test'],
      [live, 'live'],
    ] as const) {
      const { cookie } = await signedInUser(ctx.app, ctx.db, { isAdmin: true });
      const res = await ctx.app.inject({ url: '/api/admin/stats', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ totalUsers: 1, totalSales: 0, paymentMode: mode });
    }
  });
});
