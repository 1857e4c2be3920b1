// Fuzzing the after-sale routes with generated ids and bodies: reporting (POST /api/orders/:id/reports)
// and resolving (POST /api/admin/reports/:id/resolve). Never a 5xx; only the owner's sold accounts are
// reported, once while open; each report is resolved at most once and the wallet moves by exactly the refunds.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { REPORT_REASONS } from '../../../shared/reports.ts';
import { users } from '../../modules/auth/auth.tables.ts';
import { accountReports } from '../../modules/reports/reports.tables.ts';
import { quickAdmin, quickCustomer } from '../auth-helpers.ts';
import { reportClient } from '../report-helpers.ts';
import { insertGroupWithStock } from '../stock-helpers.ts';
import { createTestApp } from '../test-app.ts';
import {
  body,
  expectInvariants,
  hostileText,
  jsonText,
  parseBody,
  pathSegment,
  postRaw,
  RUNS,
  someId,
  orHostile,
} from './fuzz-helpers.ts';

const { app, db } = await createTestApp();
const client = reportClient(app);
const admin = await quickAdmin(db);
const PRICE = 10_000;

it(`POST /api/orders/:id/reports: ${RUNS} generated ids and bodies`, async () => {
  const group = await insertGroupWithStock(db, { accounts: 60, priceKobo: PRICE });
  const buyer = await quickCustomer(db, 100 * PRICE);
  const other = await quickCustomer(db, 100 * PRICE);
  const order = await client.buy(buyer.cookie, group.id, 50);
  const otherOrder = await client.buy(other.cookie, group.id, 5);
  const own = order.items.map((i) => i.accountId);
  const foreign = otherOrder.items.map((i) => i.accountId);
  const orderId = fc.oneof(
    { weight: 8, arbitrary: fc.constant(order.id) },
    fc.constant(otherOrder.id),
    fc.uuid(),
    fc.string({ unit: 'binary', maxLength: 40 }).map(pathSegment),
  );
  const accountId = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...own) },
    fc.constantFrom(...foreign),
    fc.uuid(),
    hostileText,
  );
  const accountIds = orHostile(6, fc.array(accountId, { maxLength: 3 }));
  const reason = orHostile(6, fc.constantFrom(...REPORT_REASONS));
  const valid = fc.record({
    accountIds: fc.array(fc.constantFrom(...own), { minLength: 1, maxLength: 2 }),
    reason: fc.constantFrom(...REPORT_REASONS),
    note: fc.string({ maxLength: 40 }),
  });
  const reported = new Set<string>();
  await fc.assert(
    fc.asyncProperty(
      orderId,
      body(
        { accountIds: jsonText(accountIds), reason: jsonText(reason), note: jsonText(hostileText) },
        valid,
      ),
      async (id, b) => {
        const res = await postRaw(app, `/api/orders/${id}/reports`, buyer.cookie, b);
        if (res.statusCode !== 201) return;
        // The same account twice in one report is one report of it (the server de-duplicates).
        const ids = new Set(parseBody(b.payload)['accountIds'] as string[]);
        expect(id).toBe(order.id);
        for (const a of ids) {
          expect(own).toContain(a);
          expect(reported.has(a)).toBe(false);
          reported.add(a);
        }
      },
    ),
    { numRuns: RUNS },
  );
  expect(reported.size).toBeGreaterThan(10);
  expect(
    await db.select().from(accountReports).where(eq(accountReports.userId, buyer.user.id)),
  ).toHaveLength(reported.size);
  expect(
    await db.select().from(accountReports).where(eq(accountReports.userId, other.user.id)),
  ).toHaveLength(0);
  await expectInvariants(db);
}, 300_000);

it(`POST /api/admin/reports/:id/resolve: ${RUNS} generated ids and bodies`, async () => {
  const group = await insertGroupWithStock(db, { accounts: 60, priceKobo: PRICE });
  const buyer = await quickCustomer(db, 40 * PRICE);
  const order = await client.buy(buyer.cookie, group.id, 40);
  const filed = await client.report(
    buyer.cookie,
    order.id,
    order.items.map((i) => i.accountId),
  );
  const reportIds = filed.json<{ reportIds: string[] }>().reportIds;
  const id = someId(8, fc.constantFrom(...reportIds));
  const action = orHostile(6, fc.constantFrom('replace', 'refund', 'reject'));
  const valid = fc.record({
    action: fc.constantFrom('replace', 'refund', 'reject'),
    reason: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
  });
  const resolved = new Map<string, string>();
  await fc.assert(
    fc.asyncProperty(
      id,
      body({ action: jsonText(action), reason: jsonText(hostileText) }, valid),
      async (reportId, b) => {
        const res = await postRaw(app, `/api/admin/reports/${reportId}/resolve`, admin.cookie, b);
        if (res.statusCode !== 200) return;
        expect(resolved.has(reportId)).toBe(false);
        expect(res.json().status).toBe(
          { replace: 'replaced', refund: 'refunded', reject: 'rejected' }[
            parseBody(b.payload)['action'] as string
          ],
        );
        resolved.set(reportId, res.json().status);
      },
    ),
    { numRuns: RUNS },
  );
  expect(resolved.size).toBeGreaterThan(10);
  const refunds = [...resolved.values()].filter((s) => s === 'refunded').length;
  expect(
    (await db.select().from(users).where(eq(users.id, buyer.user.id)))[0]!.walletBalanceKobo,
  ).toBe(refunds * PRICE);
  await expectInvariants(db);
}, 300_000);
