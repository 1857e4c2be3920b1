// What the customer may read about a top-up that was not credited: the failure reason, or ErcasPay's own
// explanation while it is pending. A verification mismatch is for admins (the payments panel): the customer
// gets SPEC.md's message instead.
import { PROVIDER_EXPLANATION_PREFIX } from '../../../shared/payments.ts';
import { walletMessages } from '../../../shared/wallet.ts';
import type { PaymentStatus } from '../../../shared/payments.ts';

export function customerMessage(p: {
  status: PaymentStatus;
  statusMessage: string | null;
}): string | null {
  if (p.status === 'failed' || p.status === 'expired')
    return p.statusMessage?.startsWith('Mismatch:')
      ? walletMessages.paymentFailed
      : p.statusMessage;
  if (p.status === 'pending' && p.statusMessage?.startsWith(PROVIDER_EXPLANATION_PREFIX))
    return p.statusMessage;
  return null;
}
