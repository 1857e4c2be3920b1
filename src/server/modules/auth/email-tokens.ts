// One-time e-mail tokens (account confirmation, password reset, e-mail change): random, stored only as a
// SHA-256 hash, single use, with an expiry; a new token of a purpose voids the user's older unused ones.
// A token names the account's address when it was issued and works only while that is still the address
// (a reset link mailed to an old address dies with the e-mail change); see credential-change.ts for the rule.
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { emailTokens, users, type EmailTokenPurpose } from './auth.tables.ts';
import { hashToken } from './sessions.ts';

/**
 * Creates a token and returns it in clear (for the e-mail link); only its hash is stored. credentialVersion: the
 * account's version when the request was checked (its password), or null for the current one; the database
 * refuses the token when a credential change came in between (credential-change.ts).
 */
export async function issueEmailToken(
  tx: Db | Tx,
  userId: string,
  purpose: EmailTokenPurpose,
  ttlMs: number,
  newEmail: string | null = null,
  credentialVersion: number | null = null,
): Promise<string> {
  // The account's row first (shared), then its tokens: the lock order of a credential change, so never a deadlock.
  const [user] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  if (!user) throw new Error(`No user ${userId} to issue a token for`);
  await voidEmailTokens(tx, userId, purpose);
  const token = crypto.randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    newEmail,
    accountEmail: user.email,
    expiresAt: new Date(Date.now() + ttlMs),
    credentialVersion,
  });
  return token;
}

/**
 * Marks the token used and returns its row, or null when it is unknown, of another purpose, used, expired,
 * of a deleted account, or issued for an address the account no longer has. One statement: two clicks
 * at once redeem it once.
 */
export async function redeemEmailToken(
  tx: Db | Tx,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<{ userId: string; newEmail: string | null } | null> {
  // The account's row is locked before the token (a redemption changes credentials): a credential change takes
  // them in this order too, so the two wait for each other instead of deadlocking.
  await tx.execute(sql`
    select u.id from ${emailTokens} t join ${users} u on u.id = t.user_id
     where t.token_hash = ${hashToken(token)} for no key update of u`);
  const { rows } = await tx.execute<{ user_id: string; new_email: string | null }>(sql`
    update ${emailTokens} t set used_at = now()
      from ${users} u
     where t.token_hash = ${hashToken(token)} and t.purpose = ${purpose}
       and t.used_at is null and t.expires_at > now()
       and u.id = t.user_id and u.email = t.account_email and u.deleted_at is null
    returning t.user_id, t.new_email`);
  const row = rows[0];
  return row ? { userId: row.user_id, newEmail: row.new_email } : null;
}

export async function voidEmailTokens(
  tx: Db | Tx,
  userId: string,
  purpose?: EmailTokenPurpose,
): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.userId, userId),
        purpose ? eq(emailTokens.purpose, purpose) : undefined,
        isNull(emailTokens.usedAt),
      ),
    );
}
