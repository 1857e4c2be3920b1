// One-time e-mail tokens (account confirmation, password reset, e-mail change): random, stored only as a
// SHA-256 hash, single use, with an expiry; a new token of a purpose voids the user's older unused ones.
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { emailTokens, type EmailTokenPurpose } from './auth.tables.ts';
import { hashToken } from './sessions.ts';

/** Creates a token and returns it in clear (for the e-mail link); only its hash is stored. */
export async function issueEmailToken(
  tx: Db | Tx,
  userId: string,
  purpose: EmailTokenPurpose,
  ttlMs: number,
  newEmail: string | null = null,
): Promise<string> {
  await voidEmailTokens(tx, userId, purpose);
  const token = crypto.randomBytes(32).toString('base64url');
  await tx.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    newEmail,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** Marks the token used and returns its row, or null when it is unknown, of another purpose, used or expired. */
export async function redeemEmailToken(tx: Db | Tx, token: string, purpose: EmailTokenPurpose) {
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  return row ?? null;
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
