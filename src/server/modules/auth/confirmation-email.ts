// Confirmation tokens (random, stored hashed, single use, 24 h) and the e-mail that carries one.
import type { Db, Tx } from '../../db/client.ts';
import { emailLogo, enqueueEmail, type EmailSite } from '../mail/outbox.ts';
import { issueEmailToken } from './email-tokens.ts';
import { escapeHtml } from '../../html/escape-html.ts';

const TOKEN_TTL_MS = 24 * 3600_000;

export async function sendConfirmationEmail(
  tx: Db | Tx,
  site: EmailSite,
  user: { id: string; email: string; fullName: string },
): Promise<void> {
  // A new link makes the older unused ones void.
  const token = await issueEmailToken(tx, user.id, 'confirm_email', TOKEN_TTL_MS);
  const link = `${site.publicUrl}/email-confirmation?token_hash=${token}&type=email`;
  await enqueueEmail(tx, {
    kind: 'confirm_email',
    to: user.email,
    userId: user.id,
    subject: `Confirm your ${site.storeName} account`,
    text: `Hello ${user.fullName},\n\nWelcome to ${site.storeName}. Confirm your e-mail address to sign in:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.\n`,
    html: `${emailLogo(site)}<p>Hello ${escapeHtml(user.fullName)},</p><p>Welcome to ${escapeHtml(site.storeName)}. Confirm your e-mail address to sign in:</p><p><a href="${link}">Confirm my e-mail</a></p><p>The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.</p>`,
  });
}
