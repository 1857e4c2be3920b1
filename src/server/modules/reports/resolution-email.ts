// The customer hears how their report ended, whatever the outcome: a refund names the amount and the new
// balance, a rejection carries the admin's reason word for word (the reject dialog says the customer sees it).
// Queued in the resolving transaction, so the e-mail exists exactly when the resolution does.
import { formatNaira } from '../../../shared/money.ts';
import { shortOrderId } from '../../../shared/orders.ts';
import type { Tx } from '../../db/client.ts';
import { readUserContact } from '../auth/read-user-contact.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import type { Order } from '../orders/read-order.ts';

export const REFUND_EMAIL_KIND = 'report_refunded';
export const REJECTION_EMAIL_KIND = 'report_rejected';

type About = { order: Order; username: string };

export async function emailRefund(
  tx: Tx,
  { order, username }: About,
  refund: { amountKobo: number; balanceAfterKobo: number },
): Promise<void> {
  const body =
    refund.amountKobo > 0
      ? [
          `We refunded ${formatNaira(refund.amountKobo)} to your wallet for @${username}.`,
          `Your wallet balance is now ${formatNaira(refund.balanceAfterKobo)}.`,
        ]
      : [`We took back @${username}. It was free, so there is nothing to refund.`];
  await send(tx, REFUND_EMAIL_KIND, order, `Refund for order ${shortOrderId(order.id)}`, [
    `You reported a problem with @${username} (order ${shortOrderId(order.id)}).`,
    ...body,
    'The refund also shows in your order history and in your wallet.',
  ]);
}

export async function emailRejection(
  tx: Tx,
  { order, username }: About,
  reason: string,
): Promise<void> {
  await send(
    tx,
    REJECTION_EMAIL_KIND,
    order,
    `About your report on order ${shortOrderId(order.id)}`,
    [
      `You reported a problem with @${username} (order ${shortOrderId(order.id)}).`,
      'We looked at it and could not accept the report. Our reason:',
      '',
      reason,
      '',
      'The account stays yours. If it still does not work, reply to this e-mail or report it again from your order history.',
    ],
  );
}

async function send(
  tx: Tx,
  kind: string,
  order: Order,
  subject: string,
  lines: string[],
): Promise<void> {
  const owner = await readUserContact(tx, order.userId);
  if (!owner?.email) return;
  await enqueueEmail(tx, {
    kind,
    to: owner.email,
    subject,
    text: [`Hello ${owner.fullName || 'there'},`, '', ...lines].join('\n'),
    userId: order.userId,
    orderId: order.id,
  });
}
