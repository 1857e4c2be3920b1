// Hands each module the reads it shows but another module answers (see late-bound.ts): the answering
// module depends on the showing one, so only the app, above both, may connect them. Idempotent.
import { profileTotals } from './modules/auth/me.ts';
import { stockFigures } from './modules/catalogue/read-admin-catalogue.ts';
import { stockShown } from './modules/catalogue/read-catalogue.ts';
import { orderItems } from './modules/orders/read-orders.ts';
import { readOpenTopups } from './modules/payments/open-topups.ts';
import { readOrderItems } from './modules/reports/read-order-items.ts';
import { readPublicAccount, readSampleAccounts } from './modules/stock/read-public-accounts.ts';
import { readAccountCounts } from './modules/stock/stock-figures.ts';
import { loadProfileTotals } from './modules/wallet/profile-totals.ts';
import { openEntries } from './modules/wallet/read-wallet.ts';

export function wireModules(): void {
  stockShown.samples.provide(readSampleAccounts);
  stockShown.account.provide(readPublicAccount);
  stockFigures.provide(readAccountCounts);
  orderItems.provide(readOrderItems);
  openEntries.provide(readOpenTopups);
  profileTotals.provide(loadProfileTotals);
}
