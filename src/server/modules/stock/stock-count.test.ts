// The stock-count sweep: a process killed between a purchase's commit and its fold leaves the purchase's change in
// stock_count_pending, and the sweep (at start and every 30 s) folds every such group in one call. And the folds
// after purchases: those answered together share one round; one committed after a round began waits for the next.
import crypto from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SECRET_KEY } from '../../../shared/catalogue.ts';
import { hashToken } from '../auth/sessions.ts';
import { quickCustomer } from '../../test/auth-helpers.ts';
import { insertGroupWithStock } from '../../test/stock-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { CREDENTIALS_EMAIL_PLACEHOLDER } from '../orders/credentials-email.ts';
import type { Db } from '../../db/client.ts';
import { refreshPendingStockCounts, stockCountRefresher } from './stock-count.ts';

const { db, database } = await createTestApp();

async function countsOf(ids: string[]): Promise<number[]> {
  const rows = await db
    .select({ id: productGroups.id, stockCount: productGroups.stockCount })
    .from(productGroups)
    .where(inArray(productGroups.id, ids));
  return rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)).map((g) => g.stockCount);
}

/** New groups with these numbers of available accounts, by id. */
async function groupsWithStock(...accounts: number[]): Promise<string[]> {
  const ids: string[] = [];
  for (const n of accounts) ids.push((await insertGroupWithStock(db, { accounts: n })).id);
  return ids;
}

/** A purchase's own call, committed, with no fold after it, as a process that dies right after its commit leaves
 *  it (the fold is what these tests drive). */
async function buyWithoutFold(groupId: string, quantity: number): Promise<void> {
  const { user, cookie } = await quickCustomer(db, 1_000_000);
  const session = hashToken(cookie.slice('sid='.length));
  const { rows } = await db.execute<{ outcome: string }>(
    sql`select outcome from purchase_order(${user.id}::uuid, ${session}, ${crypto.randomUUID()}, 'hash', ${groupId}::uuid,
          ${quantity}::int, null, ${SECRET_KEY.source}, ${CREDENTIALS_EMAIL_PLACEHOLDER})`,
  );
  expect(rows[0]!.outcome).toBe('completed');
}

/** The same database handle, counting the statements sent through it (each fold round is one). */
function countingDb(): { db: Db; statements: () => number } {
  let statements = 0;
  const counting = new Proxy(db, {
    get(target, name, receiver) {
      if (name === 'execute')
        return (...args: Parameters<Db['execute']>) => {
          statements++;
          return target.execute(...args);
        };
      return Reflect.get(target, name, receiver) as unknown;
    },
  });
  return { db: counting, statements: () => statements };
}

describe('the fold after purchases', () => {
  it('folds the purchases answered in one turn (a batch) in one round, every group of them', async () => {
    const ids = await groupsWithStock(5, 6);
    await buyWithoutFold(ids[0]!, 1);
    await buyWithoutFold(ids[0]!, 2);
    await buyWithoutFold(ids[1]!, 1);
    const { db: counting, statements } = countingDb();
    const refresher = stockCountRefresher(counting);
    // As purchase.ts calls it for each purchase of a batch, in the turn their answers arrived.
    await Promise.all([
      refresher.refresh(ids[0]!),
      refresher.refresh(ids[0]!),
      refresher.refresh(ids[1]!),
    ]);
    expect(statements()).toBe(1);
    expect(await countsOf(ids)).toEqual([2, 5]);
  });

  it('folds a purchase committed after a round began in the next round, before answering it', async () => {
    const group = await insertGroupWithStock(db, { accounts: 5 });
    await buyWithoutFold(group.id, 1);
    const { db: counting, statements } = countingDb();
    const refresher = stockCountRefresher(counting);
    // Another transaction holds the group row, so the first round waits inside its fold.
    const other = await database.pool.connect();
    await other.query('begin');
    await other.query('select 1 from product_groups where id = $1 for no key update', [group.id]);
    let first: Promise<void>;
    try {
      first = refresher.refresh(group.id);
      await vi.waitFor(() => expect(statements()).toBe(1)); // the round has started
      await buyWithoutFold(group.id, 2);
      const second = refresher.refresh(group.id);
      await other.query('commit');
      await first;
      await second;
    } finally {
      other.release();
    }
    expect(statements()).toBe(2);
    expect(await countsOf([group.id])).toEqual([2]);
  });
});

describe('the stock count sweep', () => {
  it('folds the purchases a killed process left pending, for every group', async () => {
    const ids = await groupsWithStock(3, 4);
    const counts = () => countsOf(ids);
    for (const id of ids) await buyWithoutFold(id, 2);
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
