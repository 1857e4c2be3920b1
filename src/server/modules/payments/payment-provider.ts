// The one small interface every payment provider implements (ErcasPay over HTTP, the built-in sandbox).
// The rest of the server codes against this file only, so a provider can be swapped without touching it.
import type { ProviderName, ProviderStatus } from '../../../shared/payments.ts';

export type InitiatePaymentInput = {
  amountKobo: number;
  paymentReference: string;
  customerName: string;
  customerEmail: string;
  redirectUrl: string;
  description: string;
  metadata: Record<string, unknown>;
};

export type InitiatePaymentResult = {
  checkoutUrl: string;
  transactionReference: string;
  paymentReference: string;
};

export type VerifiedPayment = {
  /** Mapped from the provider's string; anything unrecognised is 'UNKNOWN' (never treated as paid). */
  status: ProviderStatus | 'UNKNOWN';
  rawStatus: string;
  amountKobo: number;
  /** null when the answer carries none: such an answer is never credited. */
  currency: string | null;
  /** ErcasPay's `domain` ('live' or 'test'); a 'test' answer is credited only when the store runs in test mode. */
  domain: string | null;
  paidAt: Date | null;
  /** The provider's reference (ErcasPay's ercs_reference, `ERCS|…`). */
  transactionReference: string;
  /**
   * Our own reference, only from a field that means it (`paymentReference`/`payment_reference`). ErcasPay's
   * `tx_reference` is its own (the docs' sample is `CSHM|WLTP|…`) and is never read as ours.
   */
  paymentReference: string | null;
  metadata: Record<string, unknown> | null;
  customerEmail: string | null;
  /** The provider's whole answer, secrets scrubbed, kept on the payment row for audit. */
  raw: unknown;
};

export type WebhookHint = { transactionReference: string | null; paymentReference: string | null };

export interface PaymentProvider {
  readonly name: ProviderName;
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
  /** The provider's own words about why (ErcasPay's `explanation`), fit to show the customer and the admin. */
  readonly explanation: string | undefined;
  /** The provider's answer, secrets scrubbed, when there was one. */
  readonly raw: unknown;
  constructor(
    code: PaymentProviderErrorCode,
    message: string,
    extra: { status?: number; explanation?: string; raw?: unknown } = {},
  ) {
    super(message);
    this.code = code;
    this.status = extra.status;
    this.explanation = extra.explanation;
    this.raw = extra.raw;
  }
}

const STATUS_MAP: Record<string, ProviderStatus> = {
  SUCCESSFUL: 'SUCCESSFUL',
  PENDING: 'PENDING',
  FAILED: 'FAILED',
  CANCELLED: 'CANCELLED',
  CANCELED: 'CANCELLED',
};

/** Deliberately strict about success: only the documented 'SUCCESSFUL' credits a wallet; the rest is not paid. */
export function mapProviderStatus(raw: string): ProviderStatus | 'UNKNOWN' {
  return STATUS_MAP[raw.trim().toUpperCase()] ?? 'UNKNOWN';
}

/** Rejects amounts that cannot be money before anything reaches a provider. */
export function assertValidAmountKobo(amountKobo: number): void {
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
    throw new RangeError(`amountKobo must be a positive integer, got ${amountKobo}`);
  }
}

const SECRET_KEYS = /secret|token|password|authorization|cvv|pin$|card_?number|^pan$/i;

/** For stored answers: drops fields named like secrets and masks the given secret values wherever they appear. */
export function scrubSecrets(value: unknown, secrets: string[] = []): unknown {
  const known = secrets.filter((s) => s.length >= 4);
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string')
      return known.reduce((text, s) => text.split(s).join('[redacted]'), v);
    if (depth > 8 || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((item) => walk(item, depth + 1));
    return Object.fromEntries(
      Object.entries(v).map(([k, item]) => [
        k,
        SECRET_KEYS.test(k) ? '[redacted]' : walk(item, depth + 1),
      ]),
    );
  };
  return walk(value, 0);
}
