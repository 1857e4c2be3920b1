// Fuzzing GET /api/admin/activity with generated query strings: never a 5xx, and every line it returns
// matches the filters it accepted.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_AREAS, type ActivityPage } from '../../shared/audit.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { recordAudit } from '../modules/admin/record-audit.ts';
import { quickCustomer } from '../test/auth-helpers.ts';
import { createTestApp } from '../test/test-app.ts';
import { hostileText, pathSegment, RUNS as FULL_RUNS } from './fuzz-helpers.ts';

const RUNS = Number(process.env['FUZZ_RUNS']) || FULL_RUNS;
const { app, db } = await createTestApp();

it(`GET /api/admin/activity: ${RUNS} generated queries`, async () => {
  const admin = await quickCustomer(db);
  await db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  for (const action of AUDIT_ACTIONS) await recordAudit(db, { id: admin.user.id, email: `${action}@example.com` }, action, { type: 'test', id: null });
  const value = fc.oneof(
    fc.constantFrom(...Object.keys(AUDIT_AREAS), ...AUDIT_ACTIONS, '2020-01-01', '2999-12-31', '0', '-1', '1e9'),
    hostileText.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')),
  );
  const query = fc.dictionary(fc.constantFrom('area', 'action', 'actor', 'from', 'to', 'offset', 'x'), value, { maxKeys: 4 });
  let answered = 0;
  await fc.assert(
    fc.asyncProperty(query, async (q) => {
      const qs = Object.entries(q).map(([k, v]) => `${k}=${pathSegment(v)}`).join('&');
      const res = await app.inject({ url: `/api/admin/activity?${qs}`, headers: { cookie: admin.cookie } });
      expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
      if (res.statusCode !== 200) return;
      answered++;
      const page = res.json<ActivityPage>();
      if (q['action']) expect(page.entries.every((e) => e.action === q['action'])).toBe(true);
      if (q['actor']) expect(page.entries.every((e) => e.actorEmail.toLowerCase().includes(q['actor']!.trim().toLowerCase()))).toBe(true);
    }),
    { numRuns: RUNS },
  );
  expect(answered).toBeGreaterThan(RUNS / 20);
}, 300_000);
