// Replace: the faulty account becomes 'replaced' (kept on its order for history, never sold again), the
// oldest available account of the same group is sold to the same order, and the customer is e-mailed it.
import { reportMessages } from '../../../shared/reports.ts';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../http/errors.ts';
import { readUserContact } from '../auth/read-user-contact.ts';
import { enqueueEmail, sealEmailBody } from '../mail/outbox.ts';
import { credentialsText, toOrderAccount } from '../orders/order-credentials.ts';
import type { Order } from '../orders/read-order.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { replaceSoldAccount, type StockAccount } from '../stock/reported-accounts.ts';

export const REPLACEMENT_EMAIL_KIND = 'replacement_credentials';

export async function replaceReportedAccount(
  tx: Tx,
  cipher: CredentialCipher,
  { order, account }: { order: Order; account: StockAccount },
): Promise<StockAccount> {
  const replacement = await replaceSoldAccount(tx, account, order.id);
  if (!replacement) throw conflict(reportMessages.noReplacement, 'NO_REPLACEMENT');

  const owner = await readUserContact(tx, order.userId);
  const credentials = credentialsText({
    orderId: order.id,
    productName: order.accountDetails.product_name,
    category: order.accountDetails.category,
    accounts: [toOrderAccount(cipher, replacement, 1)],
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
  return replacement;
}
