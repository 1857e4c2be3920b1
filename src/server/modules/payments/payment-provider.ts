// The one small interface every payment provider implements (ErcasPay over HTTP, the built-in sandbox).
// The rest of the server codes against this file only, so a provider can be swapped without touching it.

export type InitiatePaymentInput = {
  amountKobo: number;
  paymentReference: string;
  customerName: string;
  customerEmail: string;
  redirectUrl: string;
  description: string;
  metadata: Record<string, unknown>;
};

export type InitiatePaymentResult = { checkoutUrl: string; transactionReference: string; paymentReference: string };

export type PaymentStatus = 'SUCCESSFUL' | 'PENDING' | 'FAILED' | 'CANCELLED' | 'UNKNOWN';

export type VerifiedPayment = {
  /** Mapped from the provider's string; anything unrecognised is 'UNKNOWN' (never treated as paid). */
  status: PaymentStatus;
  rawStatus: string;
  amountKobo: number;
  currency: string;
  paidAt: Date | null;
  /** The provider's reference (ErcasPay's ercs_reference, `ERCS|…`). */
  transactionReference: string;
  /** Our own reference as the provider echoes it (ErcasPay's tx_reference). */
  paymentReference: string | null;
  metadata: Record<string, unknown> | null;
  customerEmail: string | null;
};

export type WebhookHint = { transactionReference: string | null; paymentReference: string | null };

export interface PaymentProvider {
  readonly name: 'ercaspay' | 'sandbox';
  initiate(input: InitiatePaymentInput): Promise<InitiatePaymentResult>;
  verify(transactionReference: string): Promise<VerifiedPayment>;
  /** Pulls the references out of a webhook body; never trusted for amount or user. null when unrecognisable. */
  parseWebhook(body: unknown): WebhookHint | null;
}

/**
 * HTTP: the provider answered with a non-2xx status (see `status`). TIMEOUT / NETWORK: no answer in time / at all.
 * BAD_RESPONSE: an answer we cannot read. REJECTED: the provider read the request and said no.
 */
export type PaymentProviderErrorCode = 'HTTP' | 'TIMEOUT' | 'NETWORK' | 'BAD_RESPONSE' | 'REJECTED';

export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  readonly code: PaymentProviderErrorCode;
  readonly status: number | undefined;
  constructor(code: PaymentProviderErrorCode, message: string, status?: number) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

const STATUS_MAP: Record<string, Exclude<PaymentStatus, 'UNKNOWN'>> = {
  SUCCESSFUL: 'SUCCESSFUL',
  PENDING: 'PENDING',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
  CANCELED: 'CANCELLED',
};

/** Deliberately strict about success: only the documented 'SUCCESSFUL' credits a wallet; the rest is not paid. */
export function mapPaymentStatus(raw: string): PaymentStatus {
  return STATUS_MAP[raw.trim().toUpperCase()] ?? 'UNKNOWN';
}

/** Rejects amounts that cannot be money before anything reaches a provider. */
export function assertValidAmountKobo(amountKobo: number): void {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
    throw new RangeError(`amountKobo must be a positive integer, got ${amountKobo}`);
  }
}
