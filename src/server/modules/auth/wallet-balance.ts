// The wallet balance is a column of the user row, so that one row lock serialises every money move of a
// person (and account deletion with them). The wallet module owns its meaning and moves it only through
// these two functions, with a ledger row in the same transaction (wallet/post-ledger-entry.ts).
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from './auth.tables.ts';

/**
 * Adds signed kobo to the balance unless that would take it below zero; returns the new balance, or null
 * when the wallet does not hold enough (or the user is unknown) and nothing changed.
 */
export async function moveWalletBalance(
  tx: Tx,
  userId: string,
  amountKobo: number,
): Promise<number | null> {
  const [row] = await tx
    .update(users)
    .set({
      walletBalanceKobo: sql`${users.walletBalanceKobo} + ${amountKobo}`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), gte(users.walletBalanceKobo, -amountKobo)))
    .returning({ balanceKobo: users.walletBalanceKobo });
  return row ? row.balanceKobo : null;
}

/** The balance now; null for an unknown user. */
export async function findWalletBalance(db: Db | Tx, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ balanceKobo: users.walletBalanceKobo })
    .from(users)
    .where(eq(users.id, userId));
  return row ? row.balanceKobo : null;
}

/** The balance now; 0 for an unknown user. */
export async function readWalletBalance(db: Db | Tx, userId: string): Promise<number> {
  return (await findWalletBalance(db, userId)) ?? 0;
}
