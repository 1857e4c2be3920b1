// The top-up receipt e-mail: queued in the same transaction as the credit it reports, delivered by the outbox worker.
import { formatNaira } from '../../../shared/money.ts';
import type { Tx } from '../../db/client.ts';
import { readUserContact } from '../auth/read-user-contact.ts';
import { enqueueEmail } from '../mail/outbox.ts';

export const TOPUP_RECEIPT_EMAIL_KIND = 'topup_receipt';

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Africa/Lagos',
});

export async function enqueueTopupReceipt(
  tx: Tx,
  receipt: {
    userId: string;
    paymentId: string;
    reference: string;
    amountKobo: number;
    balanceAfterKobo: number;
    paidAt: Date;
  },
): Promise<void> {
  const user = await readUserContact(tx, receipt.userId);
  if (!user?.email) return;
  const text = [
    `Hello ${user.fullName || 'there'},`,
    '',
    'Your wallet top-up was received and credited.',
    '',
    `Amount: ${formatNaira(receipt.amountKobo)}`,
    `Reference: ${receipt.reference}`,
    `Date: ${dateFormat.format(receipt.paidAt)} (Lagos time)`,
    `New wallet balance: ${formatNaira(receipt.balanceAfterKobo)}`,
    '',
    'Thank you for shopping with us.',
  ].join('\n');
  await enqueueEmail(tx, {
    kind: TOPUP_RECEIPT_EMAIL_KIND,
    to: user.email,
    subject: `Top-up receipt: ${formatNaira(receipt.amountKobo)} added to your wallet`,
    text,
    userId: receipt.userId,
  });
}
