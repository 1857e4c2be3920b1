// "Confirm with your password" for changes to a signed-in account: wrong answers are counted per account,
// so a borrowed session cannot be used to guess the password either.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { consumeLimit, giveBack } from '../../http/rate-limit.ts';
import { accountMessages } from '../../../shared/account.ts';
import { authMessages } from '../../../shared/auth.ts';
import { users } from './auth.tables.ts';
import { verifyPassword } from './password.ts';

export async function checkPassword(
  db: Db,
  userId: string,
  password: string,
  message: string = accountMessages.currentPasswordWrong,
) {
  const limit = { bucket: `password-check:user:${userId}`, max: 5, windowMs: 15 * 60_000 };
  // Counted before the check and given back when right: a burst of guesses is judged one by one.
  const hits = await consumeLimit(db, limit, authMessages.tooManyAttempts);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password)))
    throw new AppError('WRONG_PASSWORD', 400, message);
  await giveBack(db, hits);
  return user;
}
