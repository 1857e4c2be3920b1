// Connecting a supplier (Settings → Suppliers): its address and an API key of our customer account there. The key is
// checked by reading the supplier's catalogue and our balance there; only then is the supplier saved, its key sealed
// like stock credentials, its products written, and the change audited. A refused key saves nothing.
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { supplierMessages, type ConnectSupplier } from '../../../shared/suppliers.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { readSupplierCatalogue } from './read-supplier-catalogue.ts';
import { saveSupplierCatalogue } from './save-supplier-catalogue.ts';
import { suppliers } from './suppliers.tables.ts';

export async function connectSupplier(
  { db, cipher }: { db: Db; cipher: CredentialCipher },
  actor: AuditActor,
  input: ConnectSupplier,
): Promise<string> {
  const baseUrl = new URL(input.baseUrl).origin;
  const look = await readSupplierCatalogue(baseUrl, input.apiKey);
  if (!look.ok) throw badRequest(look.message);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(suppliers)
        .values({
          name: input.name,
          baseUrl,
          apiKeyEnc: cipher.encrypt(input.apiKey),
          keyHint: input.apiKey.slice(-4),
          webhookSecretEnc: input.webhookSecret ? cipher.encrypt(input.webhookSecret) : null,
          ...(input.lowBalanceKobo === undefined ? {} : { lowBalanceKobo: input.lowBalanceKobo }),
        })
        .returning({ id: suppliers.id });
      await saveSupplierCatalogue(tx, row!.id, look);
      await recordAudit(
        tx,
        actor,
        'supplier.connect',
        { type: 'supplier', id: row!.id },
        {
          name: input.name,
          baseUrl,
          products: look.catalogue.products.length,
        },
      );
      return row!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'suppliers_base_url_key'))
      throw conflict(supplierMessages.alreadyConnected);
    throw err;
  }
}
