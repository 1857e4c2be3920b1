// A customer checks one of their top-ups, by our reference or the provider's (ERCS|…). Anything not yet
// credited is verified again first, a failed or expired payment too: a late success is credited here.
import { and, eq, or } from 'drizzle-orm';
import { TOPUP_LIMITS, walletMessages, type TopupCheck } from '../../../shared/wallet.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { consumeLimit } from '../../http/rate-limit.ts';
import { readWalletSummary } from '../wallet/read-wallet.ts';
import { customerMessage } from './customer-message.ts';
import { canVerify } from './payment-transitions.ts';
import { payments } from './payments.tables.ts';
import type { Payment, Settle } from './settle-payment.ts';

export async function checkTopup(
  db: Db,
  settle: Settle,
  userId: string,
  reference: string,
): Promise<TopupCheck> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        or(eq(payments.reference, reference), eq(payments.providerReference, reference)),
      ),
    );
  if (!payment) throw notFound(walletMessages.paymentNotFound);
  const alreadyCredited = payment.status === 'completed';
  let settled = payment;
  if (canVerify(payment)) {
    // Each verification calls ErcasPay: counted per customer (the wallet page polls every 10 s).
    await consumeLimit(
      db,
      { bucket: `topup-check:user:${userId}`, max: TOPUP_LIMITS.checksPerMinute, windowMs: 60_000 },
      walletMessages.tooManyChecks,
    );
    settled = (await settle(payment.id, 'customer')).payment;
  }
  const { balanceKobo } = await readWalletSummary(db, userId);
  return toCheck(settled, alreadyCredited, balanceKobo);
}

function toCheck(p: Payment, alreadyCredited: boolean, balanceKobo: number): TopupCheck {
  return {
    reference: p.reference,
    status: p.status,
    amountKobo: p.amountKobo,
    paidAt: p.paidAt?.toISOString() ?? null,
    providerReference: p.providerReference,
    alreadyCredited,
    message: customerMessage(p),
    balanceKobo,
  };
}
