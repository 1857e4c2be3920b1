// What the purchase-batches tests share (purchase-batches and purchase-batches-held-up .test.ts): each file calls
// purchaseBatchesTestKit() for a store of its own.
import { quickCustomer } from '../auth-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { purchaseClient } from '../purchase-helpers.ts';

export async function purchaseBatchesTestKit() {
  const { app, db, database } = await createTestApp();

  const { buy, balanceOf, stockOf } = purchaseClient(app, db);
  const customers = (n: number, fundKobo: number) =>
    Promise.all(Array.from({ length: n }, () => quickCustomer(db, fundKobo)));
  return { app, db, database, buy, balanceOf, stockOf, customers };
}
