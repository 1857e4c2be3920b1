// stock_count is derived data: the number of a group's available accounts. Purchases do not touch the group
// row (it would make every purchase of a group wait for the one before it to commit); each appends its change
// to stock_count_pending, and the change is folded into stock_count right after commit (refreshStockCount).
// At every commit point: stock_count + the group's pending deltas = its available accounts (check-ledger.ts).
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** The group row, locked for the rest of the caller's transaction, before its count changes. NO KEY UPDATE, not
 *  UPDATE: an order insert takes a KEY SHARE lock on its group (the foreign key), which must not wait. */
async function lockGroup(tx: Tx | Db, groupId: string): Promise<void> {
  await tx.execute(sql`select 1 from product_groups where id = ${groupId} for no key update`);
}

/**
 * Recounts a group in the caller's transaction (admin edits, replacements). Locks the group row,
 * then counts and drops the pending deltas in ONE statement (and sets the claim start, db/functions/30-refresh-stock-count.sql, to the
 * oldest available account): one snapshot, so a purchase committing meanwhile
 * is either both counted and dropped, or neither (its delta stays for the next refresh).
 */
export async function recomputeStockCount(tx: Tx | Db, groupId: string): Promise<number> {
  await lockGroup(tx, groupId);
  const { rows } = await tx.execute<{ stock_count: number }>(sql`
    with dropped as (delete from stock_count_pending where product_group_id = ${groupId}),
         available as (select count(*)::int as n from individual_accounts
                        where product_group_id = ${groupId} and status = 'available'),
         oldest as (select created_at, id from individual_accounts
                     where product_group_id = ${groupId} and status = 'available'
                     order by created_at, id limit 1)
    update product_groups
       set stock_count = available.n, updated_at = now(),
           claim_from_created_at = (select created_at from oldest), claim_from_id = (select id from oldest)
      from available where id = ${groupId}
    returning stock_count`);
  return rows[0]?.stock_count ?? 0;
}

/**
 * Counts `added` accounts the caller's transaction has just inserted as available (a CSV import's batch), and
 * folds the group's pending deltas, as recomputeStockCount does but without counting the group's accounts:
 * a recount reads every available account of the group, so an import's tenth batch of 10,000 read 100,000 rows
 * (a tenth of the import's database time: scripts/bench/PERFORMANCE-LOG.md, "CSV import (ADR 012)",
 * "Session 15"). Exact by the invariant: stock_count + pending deltas =
 * available accounts held at the last commit, and the row lock keeps every other writer out until this one's.
 */
export async function addToStockCount(tx: Tx, groupId: string, added: number): Promise<number> {
  await lockGroup(tx, groupId);
  // The rows were written with created_at = now(), the transaction's start: a claim start at or after it moves
  // back to (now(), the nil id), before every one of them, so that no available account is older than the start.
  const { rows } = await tx.execute<{ stock_count: number }>(sql`
    with folded as (delete from stock_count_pending where product_group_id = ${groupId} returning delta)
    update product_groups
       set stock_count = stock_count + ${added}::int + (select coalesce(sum(delta), 0)::int from folded),
           updated_at = now(),
           claim_from_created_at = case when claim_from_created_at >= now() then now() else claim_from_created_at end,
           claim_from_id = case when claim_from_created_at >= now() then ${NIL_UUID}::uuid else claim_from_id end
     where id = ${groupId}
    returning stock_count`);
  return rows[0]?.stock_count ?? 0;
}

/** Folds the groups' committed purchases into stock_count: one call and one transaction, the groups in id order
 *  (db/functions/31-refresh-stock-counts.sql). The purchases' rounds and the sweep both fold through it. */
async function foldStockCounts(db: Db, groupIds: Iterable<string>): Promise<void> {
  await db.execute(sql`select refresh_stock_counts(${sql.param([...groupIds])}::uuid[])`);
}

/**
 * Folds committed purchases into stock_count, one round at a time per process, each round folding every group
 * asked for since the previous one started (foldStockCounts). A caller arriving while a round runs waits for the
 * next one, which starts after its commit and includes its group, so it sees the purchase. Across processes the
 * group row locks order the folds.
 *
 * A round starts at the end of the event-loop turn it was asked for in (setImmediate), not at once: a batch's
 * purchases (purchase-batches.ts) are answered in one turn, and all of them join that one round. Started at once,
 * the round took only the first purchase's group, and the rest waited for a second round that found nothing left
 * to fold (3,907 folds for 2,043 batches in an open loop at 1,600 purchases/s).
 */
export function stockCountRefresher(db: Db) {
  let running: Promise<void> | null = null;
  let next: { groups: Set<string>; round: Promise<void> } | null = null;
  const launch = (groups: Set<string>): Promise<void> => {
    const round = foldStockCounts(db, groups);
    running = round;
    void round
      .catch(() => {})
      .finally(() => {
        if (running === round) running = null;
      });
    return round;
  };
  const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    refresh(groupId: string): Promise<void> {
      if (!next) {
        const groups = new Set<string>();
        const round = (running ? running.catch(() => {}) : Promise.resolve())
          .then(endOfTurn)
          .then(() => {
            next = null;
            return launch(groups);
          });
        next = { groups, round };
      }
      next.groups.add(groupId);
      return next.round;
    },
  };
}
export type StockCountRefresher = ReturnType<typeof stockCountRefresher>;

/** Every group with pending deltas, folded (at start, and on a schedule: a process killed after a purchase
 *  committed and before its refresh leaves its delta for this). Returns how many groups it refreshed. */
export async function refreshPendingStockCounts(db: Db): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select distinct product_group_id as id from stock_count_pending`,
  );
  if (rows.length > 0)
    await foldStockCounts(
      db,
      rows.map((r) => r.id),
    );
  return rows.length;
}
