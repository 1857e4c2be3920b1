// Enqueue e-mail in the same transaction as what caused it; the worker delivers it later.
import { and, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { emailOutbox } from './mail.tables.ts';
import { emailPriority } from '../../../shared/mail.ts';
import { escapeHtml } from '../../html/escape-html.ts';

export type OutgoingEmail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  userId?: string;
  orderId?: string;
};

/** What an e-mail says of the store: its address (links), name (subject, signature) and logo (path, or none). */
export type EmailSite = { publicUrl: string; storeName: string; logoUrl: string | null };

/** The logo at the top of an HTML e-mail, when the store has one. */
export function emailLogo(site: EmailSite): string {
  return site.logoUrl
    ? `<p><img src="${site.publicUrl}${site.logoUrl}" alt="${escapeHtml(site.storeName)}" width="48" height="48" /></p>`
    : '';
}

export async function enqueueEmail(tx: Db | Tx, email: OutgoingEmail): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      priority: emailPriority(email.kind),
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      userId: email.userId ?? null,
      orderId: email.orderId ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** Marks an encrypted body; key rotation (maintenance/sealed-values.ts) finds sealed bodies by it. */
export const SEALED_BODY_PREFIX = 'sealed:v1:';
const SEALED = SEALED_BODY_PREFIX;

/** Bodies that carry credentials are stored encrypted, so the outbox table alone reveals nothing. */
export function sealEmailBody(cipher: CredentialCipher, body: string): string {
  return SEALED + cipher.encrypt(body).toString('base64');
}

export function openEmailBody(cipher: CredentialCipher, body: string): string {
  return body.startsWith(SEALED)
    ? cipher.decrypt(Buffer.from(body.slice(SEALED.length), 'base64'))
    : body;
}

/** Account deletion: every e-mail queued for or sent to the person goes (by user or by address). */
export async function forgetEmailsOf(tx: Tx, userId: string, email: string): Promise<void> {
  await tx
    .delete(emailOutbox)
    .where(or(eq(emailOutbox.userId, userId), eq(emailOutbox.toAddress, email)));
}

/** Replaces a queued e-mail's body only while it still holds `expected` (a render-later placeholder). */
export async function replaceEmailBody(
  db: Db | Tx,
  id: string,
  expected: string,
  body: string,
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ textBody: body })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.textBody, expected)));
}
