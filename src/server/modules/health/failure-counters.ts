// Failures that happen away from any request, counted for alerts (they were log lines only): e-mail sends the
// transport refused or gave up on, and top-up verifications the payment provider did not answer or answered
// with a mismatch. Per process; Prometheus adds the processes up.
import client from 'prom-client';

/** no_answer: the provider could not be asked (network, timeout, error answer); mismatch: its answer disagrees. */
export type VerificationFailure = 'no_answer' | 'mismatch';

export type FailureCounters = {
  registry: client.Registry;
  emailSendFailed: (transport: string) => void;
  paymentVerificationFailed: (provider: string, reason: VerificationFailure) => void;
};

export function createFailureCounters(transport: string, provider: string): FailureCounters {
  const registry = new client.Registry();
  const emails = new client.Counter({
    name: 'acctstore_email_send_failures_total',
    help: 'E-mail sends that failed (refused, timed out or aborted), by transport; each is retried later',
    labelNames: ['transport'],
    registers: [registry],
  });
  const verifications = new client.Counter({
    name: 'acctstore_payment_verification_failures_total',
    help: 'Top-up verifications the payment provider did not answer (no_answer) or answered against our record (mismatch)',
    labelNames: ['provider', 'reason'],
    registers: [registry],
  });
  // Zero from the start, so that increase() sees the first failure.
  emails.inc({ transport }, 0);
  for (const reason of ['no_answer', 'mismatch'] as const)
    verifications.inc({ provider, reason }, 0);
  return {
    registry,
    emailSendFailed: (name) => emails.inc({ transport: name }),
    paymentVerificationFailed: (name, reason) => verifications.inc({ provider: name, reason }),
  };
}
