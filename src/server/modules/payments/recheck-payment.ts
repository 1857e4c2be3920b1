// The admin's Re-check of one top-up: verify with the provider again (crediting it when paid), audited.
import { eq } from 'drizzle-orm';
import type { AdminPayment } from '../../../shared/admin-users.ts';
import type { PaymentStatus } from '../../../shared/payments.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { readUserContact } from '../auth/read-user-contact.ts';
import { payments } from './payments.tables.ts';
import { PAYMENT_NOT_FOUND, toAdminPayment } from './read-admin-payments.ts';
import type { SettleOutcome } from './settle-payment.ts';

export async function recheckPayment(
  db: Db,
  recheck: (id: string) => Promise<SettleOutcome>,
  actor: AuditActor,
  id: string,
): Promise<{ message: string; payment: AdminPayment }> {
  const [row] = await db
    .select({ userId: payments.userId })
    .from(payments)
    .where(eq(payments.id, id));
  const owner = row && (await readUserContact(db, row.userId));
  if (!owner) throw notFound(PAYMENT_NOT_FOUND);
  const { payment, creditedNow } = await recheck(id);
  await recordAudit(
    db,
    actor,
    'payment.recheck',
    { type: 'payment', id: payment.id },
    { status: payment.status, creditedNow },
  );
  const message = creditedNow ? 'Payment verified and credited.' : recheckAnswers[payment.status];
  return { message, payment: toAdminPayment(payment, owner.email) };
}

/** What the admin's Re-check toast says for each state the payment is left in. */
const recheckAnswers: Record<PaymentStatus, string> = {
  completed: 'This payment was already credited.',
  pending: 'Still pending: ErcasPay has not confirmed it yet.',
  failed: 'Still failed: ErcasPay says it was not paid.',
  expired: 'Still expired: ErcasPay has no payment for it.',
};
