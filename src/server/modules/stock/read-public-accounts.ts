// The accounts on sale as the public catalogue shows them (catalogue/read-catalogue.ts's StockShown, handed to
// the catalogue's routes and pages by buildApp in app.ts): username and public details only, never credentials.
import { eq, sql } from 'drizzle-orm';
import { publicDetails, type PublicAccount } from '../../../shared/catalogue.ts';
import type { Db } from '../../db/client.ts';
import { stockAccounts } from './stock.tables.ts';

const publicColumns = {
  id: stockAccounts.id,
  username: stockAccounts.username,
  info: stockAccounts.additionalInfo,
  status: stockAccounts.status,
  productGroupId: stockAccounts.productGroupId,
};

type PublicRow = { id: string; username: string; info: Record<string, unknown>; status: string };

const toPublic = (r: PublicRow): PublicAccount => ({
  id: r.id,
  username: r.username,
  details: publicDetails(r.info),
  isAvailable: r.status === 'available',
});

/**
 * The first available accounts of each group, oldest first, at most `limit` each: one query for a whole category
 * page (a lateral index scan per group), not one per group. With `after` (an account's id), the ones that come
 * after that account in the same order: an account's page links the next few, so every account is a link away.
 */
export async function readSampleAccounts(
  db: Db,
  groupIds: string[],
  limit: number,
  after?: string,
): Promise<Map<string, PublicAccount[]>> {
  const samples = new Map<string, PublicAccount[]>(groupIds.map((id) => [id, []]));
  if (!groupIds.length || limit <= 0) return samples;
  const { rows } = await db.execute<PublicRow & { productGroupId: string }>(sql`
    select a.id, a.username, a.additional_info as info, a.status, g.id as "productGroupId"
      from unnest(${sql.param(groupIds)}::uuid[]) with ordinality as g(id, n)
     cross join lateral (
       select s.id, s.username, s.additional_info, s.status
         from ${stockAccounts} s
        where s.product_group_id = g.id and s.status = 'available'
          ${after ? sql`and (s.created_at, s.id) > (select p.created_at, p.id from ${stockAccounts} p where p.id = ${after})` : sql``}
        order by s.created_at, s.id
        limit ${limit}) a
     order by g.n`);
  for (const row of rows) samples.get(row.productGroupId)?.push(toPublic(row));
  return samples;
}

export async function readPublicAccount(
  db: Db,
  id: string,
): Promise<{ account: PublicAccount; productGroupId: string } | null> {
  const [row] = await db.select(publicColumns).from(stockAccounts).where(eq(stockAccounts.id, id));
  return row ? { account: toPublic(row), productGroupId: row.productGroupId } : null;
}
