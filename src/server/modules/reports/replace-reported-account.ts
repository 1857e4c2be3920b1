// Replace: the faulty account becomes 'replaced' (kept on its order for history, never sold again), the
// oldest available account of the same group is sold to the same order, and the customer is e-mailed it.
import { and, asc, eq, sql } from 'drizzle-orm';
import { publicDetails } from '../../../shared/catalogue.ts';
import { reportMessages } from '../../../shared/reports.ts';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { users } from '../auth/auth.tables.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { enqueueEmail, sealEmailBody } from '../mail/outbox.ts';
import { credentialsText } from '../orders/order-credentials.ts';
import type { orders } from '../orders/orders.tables.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { stockAccounts } from '../stock/stock.tables.ts';

export const REPLACEMENT_EMAIL_KIND = 'replacement_credentials';

type Order = typeof orders.$inferSelect;
type Account = typeof stockAccounts.$inferSelect;

export async function replaceReportedAccount(
  tx: Tx,
  cipher: CredentialCipher,
  { order, account }: { order: Order; account: Account },
): Promise<Account> {
  // SKIP LOCKED: a buyer holding an available row keeps it; we take the next one.
  const [replacement] = await tx
    .select()
    .from(stockAccounts)
    .where(
      and(
        eq(stockAccounts.productGroupId, account.productGroupId),
        eq(stockAccounts.status, 'available'),
      ),
    )
    .orderBy(asc(stockAccounts.createdAt), asc(stockAccounts.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!replacement) throw conflict(reportMessages.noReplacement, 'NO_REPLACEMENT');
  const now = new Date();
  await tx
    .update(stockAccounts)
    .set({ status: 'replaced' })
    .where(eq(stockAccounts.id, account.id));
  await tx
    .update(stockAccounts)
    .set({ status: 'sold', orderId: order.id, soldAt: now })
    .where(eq(stockAccounts.id, replacement.id));
  await tx
    .update(productGroups)
    .set({ stockCount: sql`${productGroups.stockCount} - 1`, updatedAt: now })
    .where(eq(productGroups.id, account.productGroupId));

  const [owner] = await tx
    .select({ email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, order.userId));
  const open = (b: Buffer | null) => (b ? cipher.decrypt(b) : null);
  const credentials = credentialsText({
    orderId: order.id,
    productName: order.accountDetails.product_name,
    category: order.accountDetails.category,
    accounts: [
      {
        accountNumber: 1,
        username: replacement.username,
        password: cipher.decrypt(replacement.passwordEnc),
        email: replacement.email,
        emailPassword: open(replacement.emailPasswordEnc),
        twoFaCode: open(replacement.twoFaCodeEnc),
        additionalInfo: publicDetails(replacement.additionalInfo),
      },
    ],
  });
  const text = [
    `Hello ${owner?.fullName || 'there'},`,
    '',
    `You reported that @${account.username} does not work. We replaced it with this account:`,
    '',
    credentials,
    'Change the password after you sign in, and keep these details private.',
    'The new account is also in your order history.',
  ].join('\n');
  if (owner?.email) {
    await enqueueEmail(tx, {
      kind: REPLACEMENT_EMAIL_KIND,
      to: owner.email,
      subject: `Your replacement account (order ${order.id.slice(0, 8)})`,
      text: sealEmailBody(cipher, text),
      userId: order.userId,
      orderId: order.id,
    });
  }
  return { ...replacement, status: 'sold', orderId: order.id, soldAt: now };
}
