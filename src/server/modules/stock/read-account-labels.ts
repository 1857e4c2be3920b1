// What other modules show of a stock account by id: its username and its group, one query for a whole page
// (the Activity view names the accounts its lines are about instead of showing ids).
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { readByIds } from '../../db/read-by-ids.ts';
import { stockAccounts } from './stock.tables.ts';

export function readAccountLabels(db: Db | Tx, accountIds: readonly string[]) {
  return readByIds(accountIds, (ids) =>
    db
      .select({
        id: stockAccounts.id,
        username: stockAccounts.username,
        groupId: stockAccounts.productGroupId,
      })
      .from(stockAccounts)
      .where(inArray(stockAccounts.id, ids)),
  );
}
