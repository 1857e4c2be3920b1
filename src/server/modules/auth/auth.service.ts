// Sign-up, sign-in and e-mail confirmation: the rules of SPEC.md §5 and §8, enforced on the server.
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { EmailSite } from '../mail/outbox.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { consumeLimit, consumeLimits, giveBack } from '../../http/rate-limit.ts';
import { authMessages, displayNameFromEmail } from '../../../shared/auth.ts';
import { users } from './auth.tables.ts';
import { sendConfirmationEmail } from './confirmation-email.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { redeemEmailToken } from './email-tokens.ts';
import { inviteIfListed } from './listed-admins.ts';
import { rememberDevice } from './user-devices.ts';

/** Where a new account came from: its address, its device, the cookies its browser sent. */
export type NewSignup = {
  userId: string;
  ip: string;
  deviceId: string;
  cookies: Record<string, string | undefined>;
};
/**
 * Work another module does in the sign-up's own transaction (referral rewards tie the account to its referrer).
 * Handed down by buildApp, so that auth imports no module that builds on it (docs/decisions/019).
 */
export type SignupHook = (tx: Tx, signup: NewSignup) => Promise<void>;

const MINUTE = 60_000;
// A real hash of a throwaway password, so an unknown e-mail costs as much time as a wrong password.
const dummyHash = hashPassword('not-a-real-password');

export async function registerUser(
  db: Db,
  config: Config & EmailSite,
  input: { email: string; password: string },
  ip: string,
  from: { deviceId: string; cookies: NewSignup['cookies']; onSignedUp?: SignupHook | undefined },
) {
  await consumeLimit(
    db,
    { bucket: `signup:ip:${ip}`, max: 10, windowMs: 10 * MINUTE },
    authMessages.tooManyAttempts,
  );
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: input.email,
        fullName: displayNameFromEmail(input.email),
        passwordHash,
        signupIp: ip,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, fullName: users.fullName });
    if (!created) throw new AppError('USER_EXISTS', 409, authMessages.userExists);
    // The hook judges the device before this account is noted on it.
    await from.onSignedUp?.(tx, {
      userId: created.id,
      ip,
      deviceId: from.deviceId,
      cookies: from.cookies,
    });
    await rememberDevice(tx, created.id, from.deviceId);
    await sendConfirmationEmail(tx, config, created);
    return created;
  });
}

export async function resendConfirmation(
  db: Db,
  config: Config & EmailSite,
  email: string,
  ip: string,
): Promise<void> {
  await consumeLimits(
    db,
    [
      { bucket: `resend:ip:${ip}`, max: 10, windowMs: 10 * MINUTE },
      { bucket: `resend:email:${email}`, max: 3, windowMs: 10 * MINUTE },
    ],
    authMessages.tooManyAttempts,
  );
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      confirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.email, email));
  // The answer is the same whether or not the account exists or is confirmed.
  if (!user || user.confirmedAt) return;
  await db.transaction((tx) => sendConfirmationEmail(tx, config, user));
}

export async function confirmEmail(
  db: Db,
  config: Config & EmailSite,
  token: string,
): Promise<void> {
  const confirmed = await db.transaction(async (tx) => {
    const row = await redeemEmailToken(tx, token, 'confirm_email');
    if (!row) return false;
    const [user] = await tx
      .update(users)
      .set({
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, row.userId))
      .returning({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        isAdmin: users.isAdmin,
      });
    // Whoever registered an ADMIN_EMAILS address chose its password: the address's owner is invited instead.
    await inviteIfListed(tx, config, user!);
    return true;
  });
  if (!confirmed) throw new AppError('CONFIRMATION_FAILED', 400, authMessages.confirmFailed);
}

export async function signIn(db: Db, input: { email: string; password: string }, ip: string) {
  const accountLimit = { bucket: `login-fail:email:${input.email}`, max: 5, windowMs: MINUTE };
  const ipLimit = { bucket: `login-fail:ip:${ip}`, max: 30, windowMs: MINUTE };
  // Counted before the check and given back on success, so that parallel guesses are judged one by one.
  const hits = await consumeLimits(db, [accountLimit, ipLimit], authMessages.tooManyAttempts);
  const [user] = await db.select().from(users).where(eq(users.email, input.email));
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await dummyHash, input.password), false);
  if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 401, authMessages.invalidCredentials);
  await giveBack(db, hits);
  if (!user.emailConfirmedAt)
    throw new AppError('EMAIL_NOT_CONFIRMED', 403, authMessages.emailNotConfirmed);
  return user;
}
