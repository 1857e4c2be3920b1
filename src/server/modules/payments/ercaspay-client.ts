// The ErcasPay provider: initiate a checkout and verify a transaction over HTTP (no SDK), from the server only.
import { z } from 'zod';
import { KOBO_PER_NAIRA, nairaToKobo } from '../../../shared/money.ts';
import { parseErcasPayWebhook } from './ercaspay-webhook.ts';
import {
  PaymentProviderError,
  assertValidAmountKobo,
  mapProviderStatus,
  scrubSecrets,
  type InitiatePaymentInput,
  type InitiatePaymentResult,
  type PaymentProvider,
  type VerifiedPayment,
} from './payment-provider.ts';

export type ErcasPayOptions = {
  /** e.g. https://api.ercaspay.com/api/v1 */
  baseUrl: string;
  secretKey: string;
  fetch?: typeof fetch;
  /** Per attempt, covering the answer's body too. */
  timeoutMs?: number;
  /** First pause before a verify retry; doubled for the next. */
  retryDelayMs?: number;
};

const PAYMENT_METHODS = 'card,bank-transfer,ussd,qrcode';
const VERIFY_RETRIES = 2;
const MAX_ERROR_BODY_CHARS = 500;

const envelopeSchema = z.object({
  requestSuccessful: z.boolean(),
  responseCode: z.string().nullish(),
  responseMessage: z.string().nullish(),
  // ErcasPay's own words about a refusal; shown to the customer and the admin.
  explanation: z.string().nullish(),
  errorMessage: z.string().nullish(),
  responseBody: z.unknown().optional(),
});
type Envelope = z.infer<typeof envelopeSchema> & { raw: unknown };

const initiateBodySchema = z.object({
  paymentReference: z.string().min(1),
  transactionReference: z.string().min(1),
  checkoutUrl: z.url({ protocol: /^https?$/ }),
});

// Naira, as a number or (in some answers) a decimal string.
const nairaSchema = z.union([
  z.number().nonnegative(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

const verifyBodySchema = z.object({
  status: z.string().min(1),
  amount: nairaSchema,
  currency: z.string().nullish(),
  domain: z.string().nullish(),
  paid_at: z.string().nullish(),
  paidAt: z.string().nullish(), // the older API's spelling
  ercs_reference: z.string().nullish(),
  reference: z.string().nullish(),
  // Ours, where an answer carries it; tx_reference is ErcasPay's own and deliberately not read.
  paymentReference: z.string().nullish(),
  payment_reference: z.string().nullish(),
  // Documented as a JSON string; some answers carry an object.
  metadata: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  customer: z.object({ email: z.string().nullish() }).nullish(),
});

export function createErcasPayProvider(options: ErcasPayOptions): PaymentProvider {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { secretKey } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retryDelayMs = options.retryDelayMs ?? 200;

  /** The secret must never leave through an error message, even if ErcasPay echoes it back. */
  const scrub = (text: string) => (secretKey ? text.split(secretKey).join('[redacted]') : text);

  const scrubbed = (value: unknown) => scrubSecrets(value, [secretKey]);

  async function call(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Envelope> {
    let text: string;
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}${path}`, {
        method,
        // The documentation lists all three as required on every call, the GET included.
        headers: {
          Authorization: `Bearer ${secretKey}`,
          Accept: 'application/json',
          'Content-Type': 'application/json',
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      throw transportError(err, timeoutMs);
    }
    const json = parseJson(text);
    if (!res.ok) {
      const explanation = explanationOf(json);
      const detail = explanation ?? truncate(scrub(text));
      throw new PaymentProviderError('HTTP', `HTTP ${res.status}: ${detail}`, {
        status: res.status,
        explanation: explanation && scrub(explanation),
        raw: json === undefined ? undefined : scrubbed(json),
      });
    }
    if (json === undefined) {
      throw new PaymentProviderError(
        'BAD_RESPONSE',
        `ErcasPay answered with something that is not JSON (HTTP ${res.status})`,
      );
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) throw badResponse(envelope.error, scrubbed(json));
    return { ...envelope.data, raw: scrubbed(json) };
  }

  const rejected = (envelope: Envelope, fallback: string) => {
    const explanation =
      envelope.explanation?.trim() ||
      envelope.errorMessage?.trim() ||
      envelope.responseMessage?.trim() ||
      fallback;
    return new PaymentProviderError('REJECTED', scrub(explanation), {
      explanation: scrub(explanation),
      raw: envelope.raw,
    });
  };

  return {
    name: 'ercaspay',

    // Never retried: a second POST could open a second checkout for the same payment.
    async initiate(input: InitiatePaymentInput): Promise<InitiatePaymentResult> {
      assertValidAmountKobo(input.amountKobo);
      const envelope = await call('POST', '/payment/initiate', {
        amount: input.amountKobo / KOBO_PER_NAIRA,
        paymentReference: input.paymentReference,
        paymentMethods: PAYMENT_METHODS,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        redirectUrl: input.redirectUrl,
        description: input.description,
        currency: 'NGN',
        feeBearer: 'merchant',
        metadata: input.metadata,
      });
      if (!envelope.requestSuccessful) throw rejected(envelope, 'Payment initialization failed');
      const body = initiateBodySchema.safeParse(envelope.responseBody);
      if (!body.success) throw badResponse(body.error);
      return body.data;
    },

    // A GET is idempotent, so transient failures are retried a couple of times with a short backoff.
    async verify(transactionReference: string): Promise<VerifiedPayment> {
      const path = `/payment/transaction/verify/${encodeURIComponent(transactionReference)}`;
      let envelope: Envelope | undefined;
      for (let attempt = 0; envelope === undefined; attempt++) {
        try {
          envelope = await call('GET', path);
        } catch (err) {
          if (attempt >= VERIFY_RETRIES || !isTransient(err)) throw err;
          await sleep(retryDelayMs * 2 ** attempt);
        }
      }
      if (!envelope.requestSuccessful) throw rejected(envelope, 'Payment verification failed');
      const parsed = verifyBodySchema.safeParse(envelope.responseBody);
      if (!parsed.success) throw badResponse(parsed.error, envelope.raw);
      const body = parsed.data;
      const echoed = body.ercs_reference ?? body.reference;
      // The amount is trusted for this reference only; an answer about another transaction is not an answer.
      if (echoed && echoed !== transactionReference) {
        throw new PaymentProviderError(
          'BAD_RESPONSE',
          'ErcasPay answered about a different transaction',
          { raw: envelope.raw },
        );
      }
      return {
        status: mapProviderStatus(body.status),
        rawStatus: body.status,
        amountKobo: nairaToKobo(body.amount),
        currency: body.currency?.trim() || null,
        domain: body.domain?.trim().toLowerCase() || null,
        paidAt: parseDate(body.paid_at ?? body.paidAt),
        transactionReference,
        paymentReference: body.paymentReference ?? body.payment_reference ?? null,
        metadata: parseMetadata(body.metadata),
        customerEmail: body.customer?.email ?? null,
        raw: envelope.raw,
      };
    },

    parseWebhook: parseErcasPayWebhook,
  };
}

function isTransient(err: unknown): boolean {
  if (!(err instanceof PaymentProviderError)) return false;
  return (
    err.code === 'NETWORK' ||
    err.code === 'TIMEOUT' ||
    (err.code === 'HTTP' && (err.status ?? 0) >= 500)
  );
}

// The underlying error is not attached as a cause: only its code is kept, so no request detail can leak into logs.
function transportError(err: unknown, timeoutMs: number): PaymentProviderError {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new PaymentProviderError('TIMEOUT', `ErcasPay did not answer within ${timeoutMs} ms`);
  }
  const cause = (err as { cause?: { code?: unknown } } | null)?.cause;
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return new PaymentProviderError('NETWORK', `ErcasPay could not be reached${code}`);
}

function badResponse(error: z.ZodError, raw?: unknown): PaymentProviderError {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'body';
  return new PaymentProviderError(
    'BAD_RESPONSE',
    `ErcasPay answered with an unexpected shape (${where}: ${issue?.message ?? 'invalid'})`,
    { raw },
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** ErcasPay's reason on a refusal: `explanation` first (documented), then the fields seen in practice. */
function explanationOf(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const o = json as Record<string, unknown>;
  for (const key of ['explanation', 'errorMessage', 'responseMessage', 'message']) {
    const v = o[key];
    if (typeof v === 'string' && v.trim()) return truncate(v.trim());
  }
  return undefined;
}

function parseMetadata(
  value: string | Record<string, unknown> | null | undefined,
): Record<string, unknown> | null {
  if (value == null) return null;
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function truncate(text: string): string {
  return text.length > MAX_ERROR_BODY_CHARS ? `${text.slice(0, MAX_ERROR_BODY_CHARS)}…` : text;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
