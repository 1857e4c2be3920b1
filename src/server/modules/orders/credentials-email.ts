// The credentials e-mail of an order. The purchase queues only "send order X's credentials" (a placeholder
// body); the outbox worker renders it from the decrypted accounts after the purchase committed and stores it
// sealed, so nothing is decrypted or encrypted inside the purchase and the outbox never holds a credential
// in clear. It also states what the order cost and the wallet balance right after it (from the order's own
// ledger row).
import { sql } from 'drizzle-orm';
import { formatNaira } from '../../../shared/money.ts';
import type { Tx, Db } from '../../db/client.ts';
import { readUserContact } from '../auth/read-user-contact.ts';
import { readWalletBalance } from '../auth/wallet-balance.ts';
import { readOrderEntry } from '../wallet/read-order-entry.ts';
import { openEmailBody, replaceEmailBody, sealEmailBody } from '../mail/outbox.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { credentialsText, readOrderCredentials } from './order-credentials.ts';

/** The kind of the rows order_credentials_email() queues (src/server/db/functions/39-order-credentials-email.sql). */
export const CREDENTIALS_EMAIL_KIND = 'order_credentials';
/** The body of a queued credentials e-mail until the worker renders it (the purchase passes it to SQL). */
export const CREDENTIALS_EMAIL_PLACEHOLDER = 'render:order_credentials:v1';

/**
 * Queues the e-mail of an order whose owner asked for it again, as the purchase queues the first one: the row,
 * subject and all, comes from order_credentials_email() (39-order-credentials-email.sql), the one place that writes
 * it. Its priority is the column's default (bulk), as emailPriority() gives an 'order_credentials' e-mail.
 */
export async function enqueueCredentialsEmail(
  tx: Tx | Db,
  { orderId, to, userId }: { orderId: string; to: string; userId: string },
): Promise<string> {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into email_outbox (kind, to_address, subject, text_body, user_id, order_id)
    select * from order_credentials_email(${userId}::uuid, ${orderId}::uuid, ${to}, ${CREDENTIALS_EMAIL_PLACEHOLDER})
    returning id`);
  return rows[0]!.id;
}

/**
 * The outbox worker's way to open a body: a credentials placeholder is rendered from the order (after the
 * purchase committed) and stored sealed in its place, so from its first attempt on the row is a sealed
 * e-mail like any other (retries send the same text, key rotation re-seals it); a sealed body is unsealed;
 * anything else is as stored.
 */
export function outboxBodyOpener(db: Db, cipher: CredentialCipher) {
  return async (
    body: string,
    message: { id?: string; orderId: string | null; userId: string | null },
  ): Promise<string> => {
    if (body !== CREDENTIALS_EMAIL_PLACEHOLDER) return openEmailBody(cipher, body);
    if (!message.orderId || !message.userId)
      throw new Error('credentials e-mail without its order or owner');
    const text = await renderCredentialsEmail(db, cipher, message.userId, message.orderId);
    if (message.id)
      await replaceEmailBody(
        db,
        message.id,
        CREDENTIALS_EMAIL_PLACEHOLDER,
        sealEmailBody(cipher, text),
      );
    return text;
  };
}

async function renderCredentialsEmail(
  db: Db,
  cipher: CredentialCipher,
  userId: string,
  orderId: string,
): Promise<string> {
  const name = (await readUserContact(db, userId))?.fullName ?? '';
  const credentials = await readOrderCredentials(db, cipher, userId, orderId);
  const count = credentials.accounts.length;
  const { paidKobo, balanceAfterKobo } = await readOrderPayment(db, userId, orderId);
  return [
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
