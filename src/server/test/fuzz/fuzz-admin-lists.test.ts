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

it(`GET /api/admin/activity: ${RUNS} generated queries`, async () => {
  const admin = await quickAdmin(db);
  for (const action of AUDIT_ACTIONS)
    await recordAudit(db, { id: admin.user.id, email: `${action}@example.com` }, action, {
      type: 'test',
      id: null,
    });
  const value = fc.oneof(
    fc.constantFrom(
      ...Object.keys(AUDIT_AREAS),
      ...AUDIT_ACTIONS,
      '2020-01-01',
      '2999-12-31',
      '0',
      '-1',
      '1e9',
    ),
    hostileText.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
  );
  const query = fc.dictionary(
    fc.constantFrom('area', 'action', 'actor', 'from', 'to', 'offset', 'x'),
    value,
    { maxKeys: 4 },
  );
  let answered = 0;
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      const qs = Object.entries(q)
        .map(([k, v]) => `${k}=${pathSegment(v)}`)
        .join('&');
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
  const value = fc.oneof(
    fc.constantFrom(
      ...ORDER_STATUSES,
      group.categoryId,
      buyer.user.email,
      '2020-01-01',
      '2999-12-31',
      '0',
      '25',
      '-1',
      '1e9',
    ),
    hostileText.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
  );
  const query = fc.dictionary(
    fc.constantFrom('search', 'status', 'category', 'from', 'to', 'offset', 'x'),
    value,
    { maxKeys: 4 },
  );
  let answered = 0;
  await fc.assert(
    fc.asyncProperty(query, fc.boolean(), async (q, asCsv) => {
      const qs = Object.entries(q)
        .map(([k, v]) => `${k}=${pathSegment(v)}`)
        .join('&');
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
