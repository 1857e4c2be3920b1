// /api/me/two-factor/* (enrol, turn off, step-up) and /api/auth/login/second-factor (the sign-in's second step).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { currentUser } from '../../../http/access.ts';
import { answers } from '../../../http/response-schemas.ts';
import { parseInput } from '../../../http/validate.ts';
import type { CredentialCipher } from '../../stock/credential-cipher.ts';
import { okMessageSchema } from '../../../../shared/answer-parts.ts';
import { signInResultSchema } from '../../../../shared/auth.ts';
import {
  codeInputSchema,
  recoveryCodesSchema,
  twoFactorMessages,
  twoFactorSetupSchema,
  twoFactorStartSchema,
} from '../../../../shared/two-factor.ts';
import { deviceIdOf } from '../../../http/device-cookie.ts';
import { loadMe } from '../me.ts';
import { rememberDevice } from '../user-devices.ts';
import { endSession, startSession } from '../sessions.ts';
import { finishTwoFactor, startTwoFactor } from './enrol-two-factor.ts';
import { disableTwoFactor } from './remove-two-factor.ts';
import { answerSignInChallenge, challengeExpired } from './sign-in-challenge.ts';
import { fenced } from '../credential-change.ts';
import { stepUp } from './step-up.ts';

type Deps = { db: Db; config: Config; cipher: CredentialCipher };

export function twoFactorRoutes(app: FastifyInstance, { db, config, cipher }: Deps): void {
  app.post(
    '/api/auth/login/second-factor',
    { config: { access: 'public' }, ...answers({ 200: signInResultSchema }) },
    async (req, reply) => {
      const { code } = parseInput(codeInputSchema, req.body);
      const { userId, credentialVersion } = await answerSignInChallenge(
        db,
        config,
        cipher,
        req,
        reply,
        code,
      );
      await endSession(db, config, req, reply);
      // Signing in is not a step-up: each money action asks for its own fresh code (step-up.ts). The session carries
      // the challenge's credential version: a change since the password was checked refuses it (credential-change.ts).
      const userAgent = req.headers['user-agent'] ?? '';
      await fenced(
        startSession(db, config, reply, userId, credentialVersion, userAgent),
        challengeExpired,
      );
      // The second factor was right: this device is the account's (its own lock-out count, the referral rule).
      await rememberDevice(db, userId, deviceIdOf(req, reply, config.isProduction));
      return { user: await loadMe(db, config, userId) };
    },
  );

  app.post(
    '/api/me/two-factor/setup',
    { config: { access: 'signed-in' }, ...answers({ 200: twoFactorSetupSchema }) },
    async (req, reply) => {
      const { currentPassword } = parseInput(twoFactorStartSchema, req.body);
      reply.header('cache-control', 'no-store');
      return startTwoFactor(db, cipher, currentUser(req), currentPassword);
    },
  );

  app.post(
    '/api/me/two-factor/enable',
    { config: { access: 'signed-in' }, ...answers({ 200: recoveryCodesSchema }) },
    async (req, reply) => {
      const { code } = parseInput(codeInputSchema, req.body);
      reply.header('cache-control', 'no-store');
      const recoveryCodes = await finishTwoFactor(
        db,
        cipher,
        currentUser(req).id,
        req.sessionTokenHash,
        code,
      );
      return { ok: true as const, message: twoFactorMessages.enabled, recoveryCodes };
    },
  );

  app.post(
    '/api/me/two-factor/disable',
    { config: { access: 'signed-in' }, ...answers({ 200: okMessageSchema }) },
    async (req) => {
      const { code } = parseInput(codeInputSchema, req.body);
      await disableTwoFactor(
        db,
        cipher,
        currentUser(req),
        req.sessionTokenHash,
        code,
        config.adminsNeedTwoFactor,
      );
      return { ok: true, message: twoFactorMessages.disabled };
    },
  );

  app.post(
    '/api/me/two-factor/step-up',
    { config: { access: 'signed-in' }, ...answers({ 200: okMessageSchema }) },
    async (req) => {
      const { code } = parseInput(codeInputSchema, req.body);
      await stepUp(db, cipher, currentUser(req).id, req.sessionTokenHash!, code);
      return { ok: true, message: twoFactorMessages.stepUpDone };
    },
  );
}
