// Every reveal of stock credentials asks for a fresh step-up (http/access.ts, config.revealsCredentials): the walk
// calls every admin GET route, with every id the scene has, as an admin with two-factor sign-in, first without a
// fresh code and then with one. No answer without the code holds a credential; every answer that holds one comes
// from a route declared revealsCredentials, and each declared route does reveal (so the walk can fail both ways).
import { describe, expect, it } from 'vitest';
import { quickCustomer, signedInUser } from '../auth-helpers.ts';
import { reportClient } from '../report-helpers.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { enrolTwoFactor, stepUpSession } from '../two-factor-helpers.ts';

const { app, db } = await createTestApp();
const client = reportClient(app);
// insertGroupWithStock seals `pw-<tag>-<i>` and `epw-<tag>-<i>`: any answer holding one reveals a credential.
const CREDENTIAL = /\bpw-[0-9a-f]{6}-\d+\b/;

const group = await insertGroupWithStock(db, { accounts: 3, priceKobo: 100_000 });
const buyer = await quickCustomer(db, 1_000_000);
const order = await client.buy(buyer.cookie, group.id, 1);
const accountId = order.items[0]!.accountId;
const reported = await client.report(buyer.cookie, order.id, [accountId]);
const reportId = reported.json<{ reportIds: string[] }>().reportIds[0]!;
const admin = await signedInUser(app, db, { isAdmin: true });
const { secret } = await enrolTwoFactor(app, admin.cookie);
const ids = [group.id, accountId, order.id, reportId, buyer.user.id, admin.user.id];

/** Every admin GET route with each id of the scene in place of its parameter. */
const urls = app.apiRoutes
  .filter((r) => r.method === 'GET' && r.access === 'admin')
  .flatMap((r) =>
    r.url.includes(':')
      ? ids.map((id) => ({ route: r, url: r.url.replace(/:[a-zA-Z]+/g, id) }))
      : [{ route: r, url: `${r.url}${r.url === '/api/admin/reports' ? '?status=all' : ''}` }],
  );
const get = (url: string) => app.inject({ url, headers: { cookie: admin.cookie } });

describe('every reveal of credentials asks for a fresh step-up', () => {
  it('without a fresh code, no admin route answers a credential, and each revealing route refuses', async () => {
    for (const { route, url } of urls) {
      const res = await get(url);
      expect(res.body, `GET ${url}`).not.toMatch(CREDENTIAL);
      if (route.revealsCredentials) {
        expect(res.statusCode, `GET ${url}`).toBe(403);
        expect(res.json<{ error: { code: string } }>().error.code).toBe('STEP_UP_REQUIRED');
      }
    }
    for (const r of app.apiRoutes.filter((r) => r.revealsCredentials))
      expect(r.stepUp, `${r.method} ${r.url}`).toBe(true);
  });

  it('with a fresh code, only the declared routes answer credentials, and each of them does', async () => {
    await stepUpSession(app, admin.cookie, secret, 1);
    const revealing = new Set<string>();
    for (const { route, url } of urls) {
      const res = await get(url);
      if (!CREDENTIAL.test(res.body)) continue;
      expect(route.revealsCredentials, `GET ${url} answers a credential`).toBe(true);
      revealing.add(route.url);
    }
    expect([...revealing].sort()).toEqual(
      app.apiRoutes
        .filter((r) => r.revealsCredentials)
        .map((r) => r.url)
        .sort(),
    );
  });
});
