// The second step of signing in to an account with two-factor sign-in: the right password gives a challenge (a
// random token in an httpOnly cookie, its hash stored, 5 minutes), not a session; the challenge and a right code
// give the session. A credential change drops pending challenges (credential-change.ts).
import crypto from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/errors.ts';
import type { CredentialCipher } from '../../stock/credential-cipher.ts';
import { twoFactorMessages } from '../../../../shared/two-factor.ts';
import { signInChallenges } from '../auth.tables.ts';
import { hashToken } from '../sessions.ts';
import { verifySecondFactor } from './verify-second-factor.ts';
import { DEVICE_COOKIE } from '../../../http/device-cookie.ts';

const CHALLENGE_TTL_MS = 5 * 60_000;

export const challengeCookieName = (config: Config) => (config.isProduction ? '__Host-sfc' : 'sfc');

const cookieOptions = (config: Config) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.isProduction,
  path: '/',
});

/** Writes a challenge granted under `credentialVersion` (refused by the database if it moved); returns its token. */
export async function insertSignInChallenge(
  db: Db,
  userId: string,
  credentialVersion: number | null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
  await db
    .insert(signInChallenges)
    .values({ tokenHash: hashToken(token), userId, expiresAt, credentialVersion });
  return { token, expiresAt };
}

export async function startSignInChallenge(
  db: Db,
  config: Config,
  reply: FastifyReply,
  userId: string,
  credentialVersion: number | null,
): Promise<void> {
  const { token, expiresAt } = await insertSignInChallenge(db, userId, credentialVersion);
  reply.setCookie(challengeCookieName(config), token, {
    ...cookieOptions(config),
    expires: expiresAt,
  });
}

export const challengeExpired = () =>
  new AppError('SECOND_FACTOR_EXPIRED', 400, twoFactorMessages.challengeExpired);

/**
 * The user the browser's challenge stands for, once `code` is right, with the credential version the challenge was
 * granted under (the session it leads to carries it on); the challenge is spent.
 */
export async function answerSignInChallenge(
  db: Db,
  config: Config,
  cipher: CredentialCipher,
  req: FastifyRequest,
  reply: FastifyReply,
  code: string,
): Promise<{ userId: string; credentialVersion: number | null }> {
  const token = req.cookies[challengeCookieName(config)];
  if (!token || token.length > 100) throw challengeExpired();
  const tokenHash = hashToken(token);
  const [challenge] = await db
    .select({ userId: signInChallenges.userId })
    .from(signInChallenges)
    .where(
      and(eq(signInChallenges.tokenHash, tokenHash), gt(signInChallenges.expiresAt, new Date())),
    );
  if (!challenge) throw challengeExpired();
  const deviceId = req.cookies[DEVICE_COOKIE] ?? null;
  await verifySecondFactor(db, cipher, challenge.userId, code, { from: { ip: req.ip, deviceId } });
  // Spent by exactly one answer, even if two arrive with two right codes.
  const spent = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.tokenHash, tokenHash))
    .returning({
      userId: signInChallenges.userId,
      credentialVersion: signInChallenges.credentialVersion,
    });
  if (!spent[0]) throw challengeExpired();
  reply.clearCookie(challengeCookieName(config), cookieOptions(config));
  return spent[0];
}
