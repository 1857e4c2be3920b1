// Admin rights never come from an address alone. An account whose address is in ADMIN_EMAILS becomes admin
// only when a password is set through a link mailed to that address (the invitation, or "forgot password"),
// which proves the person choosing the password reads that mailbox; or through `npm run admin` on the server.
// Whoever registered the address, or moved an account to it, gains nothing: when the address is confirmed,
// every session of that account ends and its owner is invited to set the admin password.
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { EmailSite } from '../mail/outbox.ts';
import type { Tx } from '../../db/client.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { users } from './auth.tables.ts';
import { issueEmailToken } from './email-tokens.ts';
import { sendAdminInvitation } from './account-emails.ts';
import { afterCredentialChange } from './credential-change.ts';

const INVITATION_TTL_MS = 24 * 3600_000;

export function isListedAdminAddress(config: Config, email: string): boolean {
  return config.ADMIN_EMAILS.includes(email);
}

type Account = { id: string; email: string; fullName: string };

/** A password was just set through a link mailed to the account's address: a listed address becomes admin. */
export async function grantAdminIfListed(tx: Tx, config: Config, user: Account): Promise<void> {
  if (!isListedAdminAddress(config, user.email)) return;
  const [promoted] = await tx
    .update(users)
    .set({ isAdmin: true })
    .where(and(eq(users.id, user.id), eq(users.isAdmin, false)))
    .returning({ id: users.id });
  if (promoted)
    await recordAudit(
      tx,
      { id: null, email: `invitation link (ADMIN_EMAILS): ${user.email}` },
      'user.promote',
      { type: 'user', id: user.id },
      { email: user.email, after: { isAdmin: true } },
    );
}

/**
 * A listed address was just confirmed for an account that is not admin (registered, or moved to, by someone
 * who may not own it): that someone's sessions end, and the address's owner gets the invitation.
 */
export async function inviteIfListed(
  tx: Tx,
  config: Config & EmailSite,
  user: Account & { isAdmin: boolean },
): Promise<void> {
  if (user.isAdmin || !isListedAdminAddress(config, user.email)) return;
  await afterCredentialChange(tx, user.id, null);
  const token = await issueEmailToken(tx, user.id, 'reset_password', INVITATION_TTL_MS);
  await sendAdminInvitation(tx, config, user, token);
}
