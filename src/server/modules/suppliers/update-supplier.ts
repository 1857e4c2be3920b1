// The owner changes a connected supplier: the signing secret of our webhook there (known only once our address,
// shown on the supplier's card, is registered there), or the balance under which the console warns. Audited.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { supplierMessages, type UpdateSupplier } from '../../../shared/suppliers.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { suppliers } from './suppliers.tables.ts';

export async function updateSupplier(
  { db, cipher }: { db: Db; cipher: CredentialCipher },
  actor: AuditActor,
  supplierId: string,
  input: UpdateSupplier,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(suppliers)
      .set({
        ...(input.webhookSecret ? { webhookSecretEnc: cipher.encrypt(input.webhookSecret) } : {}),
        ...(input.lowBalanceKobo === undefined ? {} : { lowBalanceKobo: input.lowBalanceKobo }),
      })
      .where(eq(suppliers.id, supplierId))
      .returning({ id: suppliers.id });
    if (!row) throw notFound(supplierMessages.notFound);
    await recordAudit(
      tx,
      actor,
      'supplier.update',
      { type: 'supplier', id: supplierId },
      {
        ...(input.webhookSecret ? { webhookSecret: 'set' } : {}),
        ...(input.lowBalanceKobo === undefined ? {} : { lowBalanceKobo: input.lowBalanceKobo }),
      },
    );
  });
}
