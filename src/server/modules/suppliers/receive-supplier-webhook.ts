// A supplier's signed webhook (an event of our account there: one of our orders completed, a top-up, a report): the
// signature is checked with the secret the supplier showed when the owner registered our address there, and a
// good one makes the store look at that supplier again at once (its stock and our balance there changed).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { supplierMessages } from '../../../shared/suppliers.ts';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../shared/webhooks.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { verifyWebhookSignature } from '../webhooks/sign-webhook.ts';
import { suppliers } from './suppliers.tables.ts';

export const SIGNATURE_REFUSED = 'The signature is missing or does not match this supplier.';

/** Checks the signature; the look at the supplier it asks for is the caller's to start. */
export async function checkSupplierWebhook(
  { db, cipher }: { db: Db; cipher: CredentialCipher },
  supplierId: string,
  body: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<void> {
  const [row] = await db
    .select({ secret: suppliers.webhookSecretEnc })
    .from(suppliers)
    .where(eq(suppliers.id, supplierId));
  if (!row) throw notFound(supplierMessages.notFound);
  const header = headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
  if (
    !row.secret ||
    typeof header !== 'string' ||
    !verifyWebhookSignature(cipher.decrypt(row.secret), body, header)
  )
    throw badRequest(SIGNATURE_REFUSED);
}
