// A supplier looked at again (the console's Refresh, its signed webhook, and every minute for all of them): its
// products, our balance there and our listed groups' stock and price follow what it says now. A look that fails
// keeps the last figures and says why on the supplier's card.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { readSupplierCatalogue } from './read-supplier-catalogue.ts';
import { saveSupplierCatalogue } from './save-supplier-catalogue.ts';
import { suppliers } from './suppliers.tables.ts';

export async function refreshSupplier(
  { db, cipher }: { db: Db; cipher: CredentialCipher },
  supplierId: string,
): Promise<boolean> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, supplierId));
  if (!row) return false;
  const look = await readSupplierCatalogue(row.baseUrl, cipher.decrypt(row.apiKeyEnc));
  if (look.ok) await db.transaction((tx) => saveSupplierCatalogue(tx, supplierId, look));
  else
    await db
      .update(suppliers)
      .set({
        status: look.status === 'key_refused' ? 'key_refused' : 'unreachable',
        lastError: look.message,
        lastCheckedAt: sql`now()`,
      })
      .where(eq(suppliers.id, supplierId));
  return true;
}

/** Every supplier, one after another (the periodic refresh). */
export async function refreshAllSuppliers(deps: { db: Db; cipher: CredentialCipher }) {
  const rows = await deps.db.select({ id: suppliers.id }).from(suppliers);
  for (const { id } of rows) await refreshSupplier(deps, id);
  return rows.length;
}
