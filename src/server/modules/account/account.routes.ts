// Self-service account routes: forgot/reset password and e-mail-change confirmation (from e-mail links, so
// public), and the signed-in owner's name, password, e-mail, sessions and account deletion.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { parseId } from '../../http/params.ts';
import { parseInput } from '../../http/validate.ts';
import {
  emailChangedSchema,
  nameSavedSchema,
  sessionListSchema,
  accountMessages,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  resetLinkCheckSchema,
  resetLinkStateSchema,
  resetPasswordSchema,
  updateNameSchema,
} from '../../../shared/account.ts';
import { endSession, endUserSessions } from '../auth/sessions.ts';
import { changePassword } from '../auth/change-password.ts';
import { confirmEmailChange, requestEmailChange } from '../auth/change-email.ts';
import { deleteAccount } from './delete-account.ts';
import { endSessionById, listSessions } from '../auth/list-sessions.ts';
import { checkResetLink } from '../auth/check-reset-link.ts';
import { requestPasswordReset, resetPassword } from '../auth/reset-password.ts';
import { updateName } from '../auth/update-name.ts';
import { answers } from '../../http/response-schemas.ts';
import { okMessageSchema } from '../../../shared/answer-parts.ts';

type Deps = {
  db: Db;
  config: Config;
  pokeMail: () => void;
  brand: () => { storeName: string; logoUrl: string | null };
};

export function accountRoutes(app: FastifyInstance, { db, config, pokeMail, brand }: Deps): void {
  // The e-mails sent here say the store's name as it is now.
  const named = () => ({ ...config, ...brand() });
  app.post(
    '/api/auth/forgot-password',
    { config: { access: 'public' }, ...answers({ 200: okMessageSchema }) },
    async (req) => {
      const { email } = parseInput(forgotPasswordSchema, req.body);
      await requestPasswordReset(db, named(), email, req.ip, app.afterAnswer, pokeMail);
      return { ok: true, message: accountMessages.forgotSent };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { config: { access: 'public' }, ...answers({ 200: okMessageSchema }) },
    async (req, reply) => {
      const input = parseInput(resetPasswordSchema, req.body);
      await resetPassword(db, named(), input, req.ip);
      pokeMail();
      // Every session ended, this browser's too: it signs in again with the new password.
      await endSession(db, config, req, reply);
      return { ok: true, message: accountMessages.passwordReset };
    },
  );

  app.post(
    '/api/auth/reset-password/check',
    { config: { access: 'public' }, ...answers({ 200: resetLinkStateSchema }) },
    async (req) => {
      // A malformed token is simply not valid: the page shows the same "Reset link not valid".
      const parsed = resetLinkCheckSchema.safeParse(req.body ?? {});
      if (!parsed.success) return { valid: false };
      return { valid: await checkResetLink(db, parsed.data.token, req.ip) };
    },
  );

  app.post(
    '/api/auth/confirm-email-change',
    { config: { access: 'public' }, ...answers({ 200: emailChangedSchema }) },
    async (req) => {
      const parsed = confirmEmailChangeSchema.safeParse(req.body ?? {});
      if (!parsed.success)
        throw new AppError('EMAIL_CHANGE_INVALID', 400, accountMessages.emailChangeInvalid);
      const { email } = await confirmEmailChange(
        db,
        named(),
        parsed.data.token,
        req.sessionTokenHash,
      );
      pokeMail();
      return { ok: true, message: accountMessages.emailChanged, email };
    },
  );

  app.patch(
    '/api/me',
    { config: { access: 'signed-in' }, ...answers({ 200: nameSavedSchema }) },
    async (req) => {
      const { fullName } = parseInput(updateNameSchema, req.body);
      await updateName(db, currentUser(req).id, fullName);
      return { ok: true, message: accountMessages.nameSaved, fullName };
    },
  );

  app.post(
    '/api/me/password',
    { config: { access: 'signed-in' }, ...answers({ 200: okMessageSchema }) },
    async (req) => {
      const input = parseInput(changePasswordSchema, req.body);
      await changePassword(db, named(), currentUser(req).id, req.sessionTokenHash, input);
      pokeMail();
      return { ok: true, message: accountMessages.passwordChanged };
    },
  );

  app.post(
    '/api/me/email',
    { config: { access: 'signed-in' }, ...answers({ 200: okMessageSchema }) },
    async (req) => {
      const input = parseInput(changeEmailSchema, req.body);
      await requestEmailChange(db, named(), currentUser(req).id, input);
      pokeMail();
      return { ok: true, message: accountMessages.emailChangeSent };
    },
  );

  app.get(
    '/api/me/sessions',
    { config: { access: 'signed-in' }, ...answers({ 200: sessionListSchema }) },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { sessions: await listSessions(db, currentUser(req).id, req.sessionTokenHash) };
    },
  );

  app.delete(
    '/api/me/sessions/:id',
    { config: { access: 'signed-in' }, ...answers({ 200: okMessageSchema }) },
    async (req) => {
      const id = parseId(req.params, accountMessages.sessionNotFound);
      await endSessionById(db, currentUser(req).id, id);
      return { ok: true, message: accountMessages.sessionEnded };
    },
  );

  app.post(
    '/api/me/sessions/end-others',
    { config: { access: 'signed-in' }, ...answers({ 200: okMessageSchema }) },
    async (req) => {
      await endUserSessions(db, currentUser(req).id, req.sessionTokenHash);
      return { ok: true, message: accountMessages.otherSessionsEnded };
    },
  );

  app.post(
    '/api/me/delete',
    { config: { access: 'customer' }, ...answers({ 200: okMessageSchema }) },
    async (req, reply) => {
      const input = parseInput(deleteAccountSchema, req.body);
      await deleteAccount(db, currentUser(req).id, input);
      await endSession(db, config, req, reply);
      return { ok: true, message: accountMessages.accountDeleted };
    },
  );
}
