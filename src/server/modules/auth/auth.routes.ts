// /api/auth/* and /api/me: sign-up, e-mail confirmation, sign-in, sign-out, the signed-in user.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import {
  meSchema,
  profileSchema,
  sessionSchema,
  signInResultSchema,
  authMessages,
  confirmEmailSchema,
  confirmEmailResultSchema,
  loginSchema,
  registerSchema,
  resendSchema,
} from '../../../shared/auth.ts';
import {
  confirmEmail,
  registerUser,
  resendConfirmation,
  signIn,
  type SignupHook,
} from './auth.service.ts';
import { DEVICE_COOKIE, deviceIdOf } from '../../http/device-cookie.ts';
import { rememberDevice } from './user-devices.ts';
import { loadMe, type ProfileTotalsRead } from './me.ts';
import { endSession, startSession } from './sessions.ts';
import { startSignInChallenge } from './two-factor/sign-in-challenge.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { answers } from '../../http/response-schemas.ts';
import { okSchema, okMessageSchema } from '../../../shared/answer-parts.ts';

type Deps = {
  db: Db;
  config: Config;
  /** The store's name and logo now (settings): the e-mails sent here show them. */
  brand: () => { storeName: string; logoUrl: string | null };
  pokeMail: () => void;
  cipher: CredentialCipher;
  profileTotals: ProfileTotalsRead;
  /** Run in the sign-up's transaction (app.ts: the referral tie); its cookies are cleared once it ran. */
  signup?: { onSignedUp: SignupHook; cookiesUsed: string[] };
};

export function authRoutes(
  app: FastifyInstance,
  { db, config, pokeMail, signup, profileTotals, brand }: Deps,
): void {
  const named = () => ({ ...config, ...brand() });
  app.post(
    '/api/auth/register',
    { config: { access: 'public' }, ...answers({ 201: okMessageSchema }) },
    async (req, reply) => {
      const input = parseInput(registerSchema, req.body);
      const deviceId = deviceIdOf(req, reply, config.isProduction);
      await registerUser(db, named(), input, req.ip, {
        deviceId,
        cookies: req.cookies,
        onSignedUp: signup?.onSignedUp,
      });
      for (const name of signup?.cookiesUsed ?? [])
        if (req.cookies[name] !== undefined) reply.clearCookie(name, { path: '/' });
      pokeMail();
      return reply
        .status(201)
        .send({ ok: true, message: 'Account created! Check your email to confirm your address.' });
    },
  );

  app.post(
    '/api/auth/resend-confirmation',
    { config: { access: 'public' }, ...answers({ 200: okMessageSchema }) },
    async (req) => {
      const { email } = parseInput(resendSchema, req.body);
      await resendConfirmation(db, named(), email, req.ip);
      pokeMail();
      return { ok: true, message: authMessages.resendSent };
    },
  );

  app.post(
    '/api/auth/confirm-email',
    { config: { access: 'public' }, ...answers({ 200: confirmEmailResultSchema }) },
    async (req) => {
      const input = confirmEmailSchema.safeParse(req.body ?? {});
      if (!input.success)
        throw new AppError('CONFIRMATION_FAILED', 400, authMessages.confirmFailed);
      const held = req.cookies[DEVICE_COOKIE];
      const { choosePasswordToken } = await confirmEmail(
        db,
        named(),
        input.data.token_hash,
        held ?? null,
      );
      return choosePasswordToken
        ? { ok: true as const, message: authMessages.choosePassword, choosePasswordToken }
        : { ok: true as const, message: authMessages.emailConfirmed };
    },
  );

  app.post(
    '/api/auth/login',
    { config: { access: 'public' }, ...answers({ 200: signInResultSchema }) },
    async (req, reply) => {
      const input = parseInput(loginSchema, req.body);
      const userAgent = req.headers['user-agent'] ?? '';
      const user = await signIn(db, input, req.ip, async (user) => {
        // Two-factor sign-in: the password gives a challenge, and the code (two-factor.routes.ts) the session.
        if (user.totpEnabledAt)
          await startSignInChallenge(db, config, reply, user.id, user.credentialVersion);
        else {
          // A new token at every sign-in; the session the browser had before (if any) is revoked.
          await endSession(db, config, req, reply);
          await startSession(db, config, reply, user.id, user.credentialVersion, userAgent);
        }
        return user;
      });
      // With two-factor sign-in, the device becomes the account's only with the code (second-factor-attempts.ts).
      if (user.totpEnabledAt) return { secondFactorRequired: true as const };
      // The password was right: this device is the account's (referral rewards' known_device rule).
      await rememberDevice(db, user.id, deviceIdOf(req, reply, config.isProduction));
      return { user: await loadMe(db, config, user.id) };
    },
  );

  app.get(
    '/api/session',
    { config: { access: 'public' }, ...answers({ 200: sessionSchema }) },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { me: req.user ? await loadMe(db, config, req.user.id) : null };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'public' }, ...answers({ 200: okSchema }) },
    async (req, reply) => {
      await endSession(db, config, req, reply);
      return { ok: true };
    },
  );

  app.get(
    '/api/me',
    { config: { access: 'signed-in' }, ...answers({ 200: meSchema }) },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return loadMe(db, config, currentUser(req).id);
    },
  );

  app.get(
    '/api/me/profile',
    { config: { access: 'signed-in' }, ...answers({ 200: profileSchema }) },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const user = currentUser(req);
      const [me, totals] = await Promise.all([
        loadMe(db, config, user.id),
        profileTotals(db, user.id),
      ]);
      return { me, totals };
    },
  );
}
