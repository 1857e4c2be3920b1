// One look at a supplier: its catalogue and our balance there, through its reseller API with our key. How a failed
// look reads for the owner: the key refused (401/403), not a store's API (another answer, or not its shape), or no
// answer at all.
import { ZodError } from 'zod';
import type { V1Balance, V1Catalogue } from '../../../shared/api-v1.ts';
import { supplierMessages, type SupplierStatus } from '../../../shared/suppliers.ts';
import { createSupplierClient, SupplierHttpError } from './supplier-client.ts';

/** A look at a supplier is shorter than a purchase's call: the owner waits for it in the console. */
const LOOK_TIMEOUT_MS = 10_000;

export type SupplierLook =
  | { ok: true; catalogue: V1Catalogue; balance: V1Balance }
  | { ok: false; status: Exclude<SupplierStatus, 'ok'> | 'not_a_store'; message: string };

export async function readSupplierCatalogue(
  baseUrl: string,
  apiKey: string,
): Promise<SupplierLook> {
  const client = createSupplierClient({ baseUrl, apiKey, timeoutMs: LOOK_TIMEOUT_MS });
  try {
    const [catalogue, balance] = await Promise.all([client.catalogue(), client.balance()]);
    return { ok: true, catalogue, balance };
  } catch (err) {
    if (err instanceof SupplierHttpError && (err.status === 401 || err.status === 403))
      return { ok: false, status: 'key_refused', message: supplierMessages.keyRefused };
    if (err instanceof SupplierHttpError || err instanceof ZodError || err instanceof SyntaxError)
      return { ok: false, status: 'not_a_store', message: supplierMessages.notAStore };
    return { ok: false, status: 'unreachable', message: supplierMessages.unreachable };
  }
}
