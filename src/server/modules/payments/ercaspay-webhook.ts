// Reads the two references out of an ErcasPay webhook body. ErcasPay publishes no signature scheme, so a
// webhook is only a hint to verify: nothing here (amount, user, status) is ever trusted.
import type { WebhookHint } from './payment-provider.ts';

// Field names seen across integrations (snake_case in the observed payload, camelCase in the API, the
// redirect's transRef); the first present one wins.
const TRANSACTION_REFERENCE_FIELDS = [
  'transaction_reference',
  'transactionReference',
  'ercs_reference',
  'ercsReference',
  'transRef',
];
const PAYMENT_REFERENCE_FIELDS = [
  'payment_reference',
  'paymentReference',
  'tx_reference',
  'txReference',
  'reference',
];
// Some senders wrap the payload in an envelope.
const WRAPPERS = ['data', 'responseBody', 'payload'];
const MAX_REFERENCE_LENGTH = 200;

export function parseErcasPayWebhook(body: unknown): WebhookHint | null {
  const root = asObject(typeof body === 'string' ? tryParseJson(body) : body);
  if (!root) return null;
  for (const candidate of [root, ...WRAPPERS.map((k) => asObject(root[k]))]) {
    if (!candidate) continue;
    const transactionReference = firstReference(candidate, TRANSACTION_REFERENCE_FIELDS);
    const paymentReference = firstReference(candidate, PAYMENT_REFERENCE_FIELDS);
    if (transactionReference || paymentReference) return { transactionReference, paymentReference };
  }
  return null;
}

function firstReference(obj: Record<string, unknown>, fields: string[]): string | null {
  for (const field of fields) {
    const value = obj[field];
    if (typeof value === 'string') {
      const trimmed = value.trim();
      // An over-long or empty value is not a reference; refusing it keeps junk out of lookups and logs.
      if (trimmed && trimmed.length <= MAX_REFERENCE_LENGTH) return trimmed;
    }
  }
  return null;
}

function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
