// A supplier's client for its purchases: its address and key read at each use (a key the owner changed applies to the
// next attempt), the key opened with the credentials cipher it was sealed with.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { createSupplierClient } from './supplier-client.ts';
import type { SupplierOrderApi } from './supplier-order-api.ts';
import { suppliers } from './suppliers.tables.ts';

export function openSupplierClient(
  db: Db,
  cipher: CredentialCipher,
  options: { timeoutMs?: number } = {},
): (supplierId: string) => Promise<SupplierOrderApi> {
  return async (supplierId) => {
    const [row] = await db
      .select({ baseUrl: suppliers.baseUrl, apiKeyEnc: suppliers.apiKeyEnc })
      .from(suppliers)
      .where(eq(suppliers.id, supplierId));
    if (!row) throw new Error(`supplier ${supplierId} not found`);
    return createSupplierClient({
      baseUrl: row.baseUrl,
      apiKey: cipher.decrypt(row.apiKeyEnc),
      timeoutMs: options.timeoutMs,
    });
  };
}
