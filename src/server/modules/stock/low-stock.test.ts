// Low stock: templates at 1–4 available accounts are counted on the overview, and the admins are e-mailed
// once each time a template drops to 4 or fewer (not at every sale below it).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN, signedInUser } from '../../test/auth-helpers.ts';
import { reportClient } from '../../test/report-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { emailOutbox } from '../mail/mail.tables.ts';

// owner@ is listed in ADMIN_EMAILS but has not become an admin (no invitation taken, no `npm run admin`): a customer.
const { app, db } = await createTestApp({ env: { ADMIN_EMAILS: 'owner@example.com' } });
const admin = await signedInUser(app, db, { isAdmin: true });
const owner = await signedInUser(app, db, { email: 'owner@example.com' });
await signedInUser(app, db, { email: 'customer@example.com' });
const client = reportClient(app);
const alertsTo = async (to: string) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'low_stock_alert'), eq(emailOutbox.toAddress, to)));
const lowCount = async () =>
  (await app.inject({ url: '/api/admin/stats', headers: { cookie: admin.cookie } })).json()
    .lowStockProductGroups as number;

describe('low stock', () => {
  it('e-mails the admins once per crossing to 4 or fewer, and counts low templates on the overview', async () => {
    const before = await lowCount();
    const group = await insertGroupWithStock(db, {
      accounts: 6,
      priceKobo: 1000,
      name: `Low ${crypto.randomUUID().slice(0, 6)}`,
    });
    const buyer = await quickCustomer(db, 100_000);
    await client.buy(buyer.cookie, group.id); // 5 left
    expect(await alertsTo(admin.user.email)).toHaveLength(0);
    await client.buy(buyer.cookie, group.id); // 4 left: crossing
    const [alert] = await alertsTo(admin.user.email);
    expect(alert!.subject).toBe(`Low stock: ${group.name} (4 left)`);
    expect(await lowCount()).toBe(before + 1);
    await client.buy(buyer.cookie, group.id); // 3 left: still low, no new e-mail
    expect(await alertsTo(admin.user.email)).toHaveLength(1);

    const csv = [
      'username,password',
      ...Array.from({ length: 3 }, (_, i) => `low_${crypto.randomUUID().slice(0, 6)}_${i},pw`),
    ].join('\n');
    const upload = await app.inject({
      method: 'POST',
      url: `/api/admin/product-groups/${group.id}/upload`,
      headers: { cookie: admin.cookie, ...SAME_ORIGIN, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(upload.json().created).toBe(3); // 6 left: no longer low
    expect(await lowCount()).toBe(before);
    await client.buy(buyer.cookie, group.id, 2); // 4 left: a new crossing
    expect(await alertsTo(admin.user.email)).toHaveLength(2);
  });

  it('reaches every admin, once each, and no customer, not even a listed address that is not yet an admin', async () => {
    const second = await signedInUser(app, db, { isAdmin: true });
    const group = await insertGroupWithStock(db, {
      accounts: 5,
      priceKobo: 1000,
      name: 'Owner low',
    });
    const buyer = await quickCustomer(db, 100_000);
    await client.buy(buyer.cookie, group.id); // 4 left: crossing
    const alerts = await db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, 'low_stock_alert'),
          eq(emailOutbox.subject, 'Low stock: Owner low (4 left)'),
        ),
      );
    expect(alerts.map((a) => a.to).sort()).toEqual([admin.user.email, second.user.email].sort());
    expect(alerts.map((a) => a.to)).not.toContain(owner.user.email);
  });
});
