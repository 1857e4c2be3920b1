// The credentials e-mail of an order: rendered from the decrypted accounts, stored sealed in the outbox. It also
// states what the order cost and the wallet balance right after it (from the order's own ledger row).
import { formatNaira } from '../../../shared/money.ts';
import type { Tx, Db } from '../../db/client.ts';
import { readWalletBalance } from '../auth/wallet-balance.ts';
import { readOrderEntry } from '../wallet/read-order-entry.ts';
import { enqueueEmail, sealEmailBody } from '../mail/outbox.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { credentialsText, readOrderCredentials } from './order-credentials.ts';

export const CREDENTIALS_EMAIL_KIND = 'order_credentials';

export async function enqueueCredentialsEmail(
  tx: Tx | Db,
  cipher: CredentialCipher,
  { orderId, to, userId, name }: { orderId: string; to: string; userId: string; name: string },
): Promise<string> {
  const credentials = await readOrderCredentials(tx, cipher, userId, orderId);
  const count = credentials.accounts.length;
  const { paidKobo, balanceAfterKobo } = await readOrderPayment(tx, userId, orderId);
  const text = [
    `Hello ${name || 'there'},`,
    '',
    `Thank you for your purchase. Here ${count === 1 ? 'is your account' : `are your ${count} accounts`}:`,
    '',
    `Amount paid: ${formatNaira(paidKobo)}`,
    `Wallet balance after this purchase: ${formatNaira(balanceAfterKobo)}`,
    '',
    credentialsText(credentials),
    'Change the passwords after you sign in, and keep these details private.',
    'You can also download them from your order history at any time.',
  ].join('\n');
  return enqueueEmail(tx, {
    kind: CREDENTIALS_EMAIL_KIND,
    to,
    subject: `Your account credentials (order ${orderId.slice(0, 8)})`,
    text: sealEmailBody(cipher, text),
    userId,
    orderId,
  });
}

/** A free order (price 0) writes no ledger row: it paid nothing, and the balance is the wallet's current one. */
async function readOrderPayment(
  tx: Tx | Db,
  userId: string,
  orderId: string,
): Promise<{ paidKobo: number; balanceAfterKobo: number }> {
  const row = await readOrderEntry(tx, orderId);
  if (row) return { paidKobo: Math.abs(row.amountKobo), balanceAfterKobo: row.balanceAfterKobo };
  return { paidKobo: 0, balanceAfterKobo: await readWalletBalance(tx, userId) };
}
