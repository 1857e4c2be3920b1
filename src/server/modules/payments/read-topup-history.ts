// A customer's top-ups, newest first, as the reseller API lists them (/api/v1/topups).
import { desc, eq } from 'drizzle-orm';
import { V1_TOPUPS_SHOWN, type V1Topup } from '../../../shared/api-v1.ts';
import type { Db } from '../../db/client.ts';
import { payments } from './payments.tables.ts';

export async function readTopupHistory(db: Db, userId: string): Promise<V1Topup[]> {
  const rows = await db
    .select({
      reference: payments.reference,
      amountKobo: payments.amountKobo,
      status: payments.status,
      createdAt: payments.createdAt,
      completedAt: payments.completedAt,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(V1_TOPUPS_SHOWN);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  }));
}
