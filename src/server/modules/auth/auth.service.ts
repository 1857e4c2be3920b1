// Sign-up, sign-in and e-mail confirmation: the rules of SPEC.md §5 and §8, enforced on the server.
import crypto from 'node:crypto';
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
import { issueEmailToken, redeemEmailToken } from './email-tokens.ts';
import { inviteIfListed, isListedAdminAddress } from './listed-admins.ts';
import { isOwnDevice, rememberDevice } from './user-devices.ts';
import { RESET_TOKEN_TTL_MS } from './reset-password.ts';
import { afterCredentialChange, fenced } from './credential-change.ts';

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

/**
 * Confirmation proves the address, not the password: opened in the browser that registered (its device cookie), the
 * account is confirmed as registered. Opened anywhere else, whoever chose the password may not own the address, so
 * that password stops working (a credential change) and the confirmer chooses one: the answer carries a reset token
 * for it. An ADMIN_EMAILS address gets the invitation instead (listed-admins.ts). docs/identity.md.
 */
export async function confirmEmail(
  db: Db,
  config: Config & EmailSite,
  token: string,
  deviceId: string | null,
): Promise<{ choosePasswordToken: string | null }> {
  const unusable = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const confirmed = await db.transaction(async (tx) => {
    const row = await redeemEmailToken(tx, token, 'confirm_email');
    if (!row) return null;
    const registeringBrowser = deviceId !== null && (await isOwnDevice(tx, row.userId, deviceId));
    const [user] = await tx
      .update(users)
      .set({
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        ...(registeringBrowser ? {} : { passwordHash: unusable }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, row.userId))
      .returning({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        isAdmin: users.isAdmin,
      });
    if (!registeringBrowser) await afterCredentialChange(tx, user!.id, null);
    // Whoever registered an ADMIN_EMAILS address chose its password: the address's owner is invited instead.
    if (!user!.isAdmin && isListedAdminAddress(config, user!.email)) {
      await inviteIfListed(tx, config, user!);
      return { choosePasswordToken: null };
    }
    return {
      choosePasswordToken: registeringBrowser
        ? null
        : await issueEmailToken(tx, user!.id, 'reset_password', RESET_TOKEN_TTL_MS),
    };
  });
  if (!confirmed) throw new AppError('CONFIRMATION_FAILED', 400, authMessages.confirmFailed);
  return confirmed;
}

/**
 * Checks the password, then runs `grant` (the session, or the two-factor challenge) with the account as read at the
 * check: its credential version goes with the grant, and the database refuses the grant if a credential change
 * came in between (credential-change.ts), answered as a wrong password.
 */
export async function signIn<T>(
  db: Db,
  input: { email: string; password: string },
  ip: string,
  grant: (user: typeof users.$inferSelect) => Promise<T>,
): Promise<T> {
  const accountLimit = { bucket: `login-fail:email:${input.email}`, max: 5, windowMs: MINUTE };
  const ipLimit = { bucket: `login-fail:ip:${ip}`, max: 30, windowMs: MINUTE };
  // Counted before the check, so that parallel guesses are judged one by one; given back only once the grant is
  // written, so at most `max` sign-ins of one account are ever in flight, and one the fence refused stays counted.
  const hits = await consumeLimits(db, [accountLimit, ipLimit], authMessages.tooManyAttempts);
  const [user] = await db.select().from(users).where(eq(users.email, input.email));
  const ok = user
    ? await verifyPassword(user.passwordHash, input.password)
    : (await verifyPassword(await dummyHash, input.password), false);
  if (!user || !ok) throw invalidCredentials();
  if (!user.emailConfirmedAt) {
    await giveBack(db, hits);
    throw new AppError('EMAIL_NOT_CONFIRMED', 403, authMessages.emailNotConfirmed);
  }
  const granted = await fenced(grant(user), invalidCredentials);
  await giveBack(db, hits);
  return granted;
}

const invalidCredentials = () =>
  new AppError('INVALID_CREDENTIALS', 401, authMessages.invalidCredentials);
