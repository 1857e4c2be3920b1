// Which query parameter carries the payment reference differs by provider and page; the first one present wins.
export const callbackReferenceParams = [
  'transactionReference',
  'transaction_reference',
  'reference',
  'trxref',
  'transRef',
] as const;
export const successReferenceParams = ['transactionReference', 'tx_ref', 'reference'] as const;

export function readReference(params: URLSearchParams, names: readonly string[]): string | null {
  for (const name of names) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

/** 'Verification Error: Unable to …' → ['Verification Error', 'Unable to …'] for a heading and its text. */
export function splitTitled(message: string): [string, string] {
  const i = message.indexOf(': ');
  return i === -1 ? [message, ''] : [message.slice(0, i), message.slice(i + 2)];
}
