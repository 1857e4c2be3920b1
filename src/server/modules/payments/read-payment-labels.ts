// What other modules show of a top-up by id: its reference, amount and owner (the Activity view's re-checks).
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { readByIds } from '../../db/read-by-ids.ts';
import { payments } from './payments.tables.ts';

export function readPaymentLabels(db: Db | Tx, paymentIds: readonly string[]) {
  return readByIds(paymentIds, (ids) =>
    db
      .select({
        id: payments.id,
        reference: payments.reference,
        amountKobo: payments.amountKobo,
        userId: payments.userId,
      })
      .from(payments)
      .where(inArray(payments.id, ids)),
  );
}
