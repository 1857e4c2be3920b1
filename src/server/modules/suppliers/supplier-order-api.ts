// What a purchase needs of a supplier's /api/v1 (the supplier client, supplier-client.ts, gives it), and how a
// failed call reads for the state machine: a certain no, a no before the supplier read our key, or not known.
import type { V1Credentials, V1PurchaseResult } from '../../../shared/api-v1.ts';
import type { Observation } from './upstream-transitions.ts';

export type SupplierOrderApi = {
  /** POST /api/v1/orders with the Idempotency-Key: the same key and body answer the same order. */
  buy: (
    idempotencyKey: string,
    body: { productGroupId: string; quantity: number },
  ) => Promise<V1PurchaseResult>;
  /** GET /api/v1/orders/{id}/credentials */
  credentials: (orderId: string) => Promise<V1Credentials>;
};

/**
 * The supplier's purchase looks its key up before anything else (40-purchase-order.sql, step 2; it is this store's
 * code): these answers mean no order exists under our key, at any attempt.
 */
const REFUSED_AFTER_KEY: Record<string, 'out_of_stock' | 'refused'> = {
  OUT_OF_STOCK: 'out_of_stock',
  ACCOUNT_UNAVAILABLE: 'out_of_stock',
  INSUFFICIENT_BALANCE: 'refused',
  NOT_FOUND: 'refused',
  QUANTITY_NOT_ALLOWED: 'refused',
};

/** Connection errors before a byte of the request left: the supplier cannot have read it. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** An error from the supplier client read as an observation (never 'delivered'). */
export function observeSupplierError(err: unknown): Exclude<Observation, { kind: 'delivered' }> {
  const status = numberIn(err, 'status') ?? numberIn(err, 'statusCode');
  const message = messageOf(err);
  if (status !== undefined) {
    const code = errorCode(err);
    const reason = code ? REFUSED_AFTER_KEY[code] : undefined;
    if (reason && status >= 400 && status < 500) return { kind: 'refused', reason, message };
    // 401/403 (our key), 400 (a body it would not read): before its purchase looked at the key.
    if (status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429)
      return { kind: 'not_sent', message };
    return { kind: 'unknown', message };
  }
  if (causeCodes(err).some((c) => NOT_CONNECTED.has(c))) return { kind: 'not_sent', message };
  return { kind: 'unknown', message };
}

function numberIn(err: unknown, key: string): number | undefined {
  const v =
    typeof err === 'object' && err !== null ? (err as Record<string, unknown>)[key] : undefined;
  return typeof v === 'number' ? v : undefined;
}

/** The supplier's error code: on the error itself, or in the body it answered ({ error: { code } }). */
function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; body?: { error?: { code?: unknown } } };
  if (typeof e.code === 'string') return e.code;
  const inBody = e.body?.error?.code;
  return typeof inBody === 'string' ? inBody : undefined;
}

/** The codes along the error's causes (fetch wraps undici's: TypeError('fetch failed', { cause })). */
function causeCodes(err: unknown): string[] {
  const codes: string[] = [];
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

function messageOf(err: unknown): string {
  const parts: string[] = [];
  for (let e = err, depth = 0; e && depth < 3; depth++) {
    parts.push(e instanceof Error ? e.message : String(e));
    e = e instanceof Error ? e.cause : undefined;
  }
  return parts.join(': ').slice(0, 500);
}
