// Fuzzing the console's read-only lists with generated query strings, GET /api/admin/activity and
// GET /api/admin/orders (and its CSV export): never a 5xx, and what they return matches the filters they accepted.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { AdminOrderList } from '../../../shared/admin-orders.ts';
import { AUDIT_ACTIONS, AUDIT_AREAS, type ActivityPage } from '../../../shared/audit.ts';
import { ORDER_STATUSES } from '../../../shared/orders.ts';
import { recordAudit } from '../../modules/audit/record-audit.ts';
import { quickAdmin, quickCustomer } from '../auth-helpers.ts';
import { reportClient } from '../report-helpers.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { hostileText, pathSegment, RUNS } from './fuzz-helpers.ts';

const { app, db } = await createTestApp();

/** Up to four of the keys, each with a known value or hostile text; and that as a query string. */
const query = (keys: string[], known: string[]) =>
  fc
    .dictionary(
      fc.constantFrom(...keys),
      fc.oneof(
        fc.constantFrom(...known),
        hostileText.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
      ),
      { maxKeys: 4 },
    )
    .map((q) => ({
      q,
      qs: Object.entries(q)
        .map(([k, v]) => `${k}=${pathSegment(v)}`)
        .join('&'),
    }));

it(`GET /api/admin/activity: ${RUNS} generated queries`, async () => {
  const admin = await quickAdmin(db);
  for (const action of AUDIT_ACTIONS)
    await recordAudit(db, { id: admin.user.id, email: `${action}@example.com` }, action, {
      type: 'test',
      id: null,
    });
  const generated = query(
    ['area', 'action', 'actor', 'from', 'to', 'offset', 'x'],
    [...Object.keys(AUDIT_AREAS), ...AUDIT_ACTIONS, '2020-01-01', '2999-12-31', '0', '-1', '1e9'],
  );
  let answered = 0;
  await fc.assert(
    fc.asyncProperty(generated, async ({ q, qs }) => {
      const res = await app.inject({
        url: `/api/admin/activity?${qs}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      if (res.statusCode !== 200) return;
      answered++;
      const page = res.json<ActivityPage>();
      if (q['action']) expect(page.entries.every((e) => e.action === q['action'])).toBe(true);
      if (q['actor'])
        expect(
          page.entries.every((e) =>
            e.actorEmail.toLowerCase().includes(q['actor']!.trim().toLowerCase()),
          ),
        ).toBe(true);
    }),
    { numRuns: RUNS },
  );
  expect(answered).toBeGreaterThan(RUNS / 20);
}, 300_000);

it(`GET /api/admin/orders and its CSV: ${RUNS} generated queries`, async () => {
  const admin = await quickAdmin(db);
  const group = await insertGroupWithStock(db, { accounts: 5, priceKobo: 1000 });
  const buyer = await quickCustomer(db, 100_000);
  await reportClient(app).buy(buyer.cookie, group.id, 2);
  const generated = query(
    ['search', 'status', 'category', 'from', 'to', 'offset', 'x'],
    [
      ...ORDER_STATUSES,
      group.categoryId,
      buyer.user.email,
      '2020-01-01',
      '2999-12-31',
      '0',
      '25',
      '-1',
      '1e9',
    ],
  );
  let answered = 0;
  await fc.assert(
    fc.asyncProperty(generated, fc.boolean(), async ({ q, qs }, asCsv) => {
      const res = await app.inject({
        url: `/api/admin/orders${asCsv ? '/export.csv' : ''}?${qs}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      if (res.statusCode !== 200 || asCsv) return;
      answered++;
      const page = res.json<AdminOrderList>();
      if (q['status']) expect(page.orders.every((o) => o.status === q['status'])).toBe(true);
      expect(page.total).toBe(page.totals.orders);
    }),
    { numRuns: RUNS },
  );
  expect(answered).toBeGreaterThan(RUNS / 40);
}, 300_000);
