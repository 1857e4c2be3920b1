// The stock-count sweep: a process killed between a purchase's commit and its fold leaves the purchase's change in
// stock_count_pending, and the sweep (at start and every 30 s) folds every such group in one call.
import crypto from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SECRET_KEY } from '../../../shared/catalogue.ts';
import { hashToken } from '../auth/sessions.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { CREDENTIALS_EMAIL_PLACEHOLDER } from '../orders/credentials-email.ts';
import { refreshPendingStockCounts } from './stock-count.ts';

const { db } = await createTestApp();

describe('the stock count sweep', () => {
  it('folds the purchases a killed process left pending, for every group', async () => {
    const groups = [
      await insertGroupWithStock(db, { accounts: 3 }),
      await insertGroupWithStock(db, { accounts: 4 }),
    ];
    const ids = groups.map((g) => g.id);
    const counts = async () =>
      (
        await db
          .select({ id: productGroups.id, stockCount: productGroups.stockCount })
          .from(productGroups)
          .where(inArray(productGroups.id, ids))
      )
        .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
        .map((g) => g.stockCount);
    const { user, cookie } = await quickCustomer(db, 1_000_000);
    const session = hashToken(cookie.slice('sid='.length));
    // The purchase call alone, as a process that dies right after its commit leaves it: no fold follows.
    for (const id of ids) {
      const { rows } = await db.execute<{ outcome: string }>(
        sql`select outcome from purchase_order(${user.id}::uuid, ${session}, ${crypto.randomUUID()}, 'hash', ${id}::uuid,
              2, null, ${SECRET_KEY.source}, ${CREDENTIALS_EMAIL_PLACEHOLDER})`,
      );
      expect(rows[0]!.outcome).toBe('completed');
    }
    expect(await counts()).toEqual([3, 4]);

    expect(await refreshPendingStockCounts(db)).toBe(2);
    expect(await counts()).toEqual([1, 2]);
    const pending = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from stock_count_pending`,
    );
    expect(pending.rows[0]!.n).toBe(0);
    expect(await refreshPendingStockCounts(db)).toBe(0);
  });
});
