// What the purchase tests share (purchase and purchase-claim-and-ownership .test.ts): each file calls
// purchaseTestKit() for a store of its own.
import { createTestApp } from '../test-app.ts';
import { purchaseClient } from '../purchase-helpers.ts';

export async function purchaseTestKit() {
  const { app, db } = await createTestApp();

  const { buy, balanceOf, stockOf } = purchaseClient(app, db);
  return { app, db, buy, balanceOf, stockOf };
}
