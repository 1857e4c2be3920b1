// A supplier's reseller API (/api/v1 of another store of this kind), called with our API key there. Every call has a
// deadline; an answer that is not 2xx is a SupplierHttpError with the supplier's error code, a call that got no
// answer throws fetch's own error (its cause says whether the connection was ever made).
// MINIMAL VERSION written by sup-purchase while sup-catalogue's client was not there yet: the integrator keeps
// sup-catalogue's (same file) and the purchase's adapter (open-supplier-client.ts) is adjusted to it.
import {
  v1BalanceSchema,
  v1CatalogueSchema,
  v1CredentialsSchema,
  v1OrderSchema,
  v1PurchaseResultSchema,
  type V1Balance,
  type V1Catalogue,
  type V1Credentials,
  type V1PurchaseResult,
} from '../../../shared/api-v1.ts';
import type { z } from 'zod';

export const SUPPLIER_TIMEOUT_MS = 15_000;

export class SupplierHttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, code: string | undefined, message: string) {
    super(message);
    this.name = 'SupplierHttpError';
    this.status = status;
    this.code = code;
  }
}

export type SupplierClient = {
  catalogue: () => Promise<V1Catalogue>;
  balance: () => Promise<V1Balance>;
  buy: (
    idempotencyKey: string,
    body: { productGroupId: string; quantity: number },
  ) => Promise<V1PurchaseResult>;
  order: (orderId: string) => Promise<z.infer<typeof v1OrderSchema>>;
  credentials: (orderId: string) => Promise<V1Credentials>;
};

export function createSupplierClient({
  baseUrl,
  apiKey,
  timeoutMs = SUPPLIER_TIMEOUT_MS,
}: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}): SupplierClient {
  const call = async <S extends z.ZodType>(
    schema: S,
    path: string,
    init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<z.infer<S>> => {
    const res = await fetch(`${baseUrl.replace(/\/$/, '')}/api/v1${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${apiKey}`,
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const error = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new SupplierHttpError(
        res.status,
        error?.code,
        `The supplier answered ${res.status}${error?.message ? `: ${error.message}` : ''}`,
      );
    }
    return schema.parse(json);
  };
  return {
    catalogue: () => call(v1CatalogueSchema, '/catalogue'),
    balance: () => call(v1BalanceSchema, '/balance'),
    buy: (idempotencyKey, body) =>
      call(v1PurchaseResultSchema, '/orders', {
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    order: (orderId) => call(v1OrderSchema, `/orders/${encodeURIComponent(orderId)}`),
    credentials: (orderId) =>
      call(v1CredentialsSchema, `/orders/${encodeURIComponent(orderId)}/credentials`),
  };
}
