// ANALYZE skips the wide columns whose statistics no plan needs (drizzle/0019; scripts/bench/PERFORMANCE-LOG.md,
// "Purchase (ADR 011)", "Session 16"): autovacuum analyzes the tables a purchase writes as they grow, and sorting
// jsonb documents, sealed credentials and e-mail bodies was most of that work, done beside the purchases. The
// columns the store's queries do filter on keep their statistics, so the planner still sees them.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickCustomer, SAME_ORIGIN } from '../test/auth-helpers.ts';
import { insertGroupWithStock } from '../test/stock-helpers.ts';
import { createTestApp } from '../test/test-app.ts';

const { app, db } = await createTestApp();

const withoutStatistics: Record<string, string[]> = {
  orders: ['account_details', 'request_hash'],
  individual_accounts: ['password_enc', 'email_password_enc', 'two_fa_code_enc', 'additional_info'],
  email_outbox: ['subject', 'text_body', 'html_body'],
  transactions: ['description'],
};
const withStatistics: Record<string, string[]> = {
  orders: ['user_id', 'product_group_id', 'status', 'created_at'],
  individual_accounts: ['product_group_id', 'username', 'status', 'order_id'],
  email_outbox: ['status', 'to_address', 'order_id', 'last_error'],
  transactions: ['user_id', 'type', 'order_id'],
};

describe('planner statistics', () => {
  it('after sales and an ANALYZE, the wide columns have none and the filtered ones have theirs', async () => {
    const group = await insertGroupWithStock(db, { accounts: 6, priceKobo: 1_000 });
    const { cookie } = await quickCustomer(db, 100_000);
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie, ...SAME_ORIGIN, 'idempotency-key': crypto.randomUUID() },
        payload: { productGroupId: group.id, quantity: 2 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const tables = Object.keys(withoutStatistics);
    await db.execute(sql.raw(`analyze ${tables.join(', ')}`));
    const { rows } = await db.execute<{ tablename: string; attname: string }>(sql`
      select tablename, attname from pg_stats
       where schemaname = 'public' and tablename in ${sql.raw(`('${tables.join("','")}')`)}`);
    const analyzed = new Set(rows.map((r) => `${r.tablename}.${r.attname}`));

    for (const [table, columns] of Object.entries(withoutStatistics))
      for (const column of columns)
        expect(analyzed, `${table}.${column}`).not.toContain(`${table}.${column}`);
    for (const [table, columns] of Object.entries(withStatistics))
      for (const column of columns)
        expect(analyzed, `${table}.${column}`).toContain(`${table}.${column}`);
  });
});
