// Inbox routes: the public support, contact and quote forms, and the admin list and status change.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  inboxSuccessSchema,
  inboxListSchema,
  inboxMessageSchema,
  inboxReplyResultSchema,
  contactSchema,
  inboxErrors,
  inboxStatusSchema,
  inboxStatuses,
  inboxSuccessMessages,
  optionLabel,
  projectTypes,
  quoteSchema,
  supportSchema,
  type InboxKind,
  type InboxList,
  type InboxMessage,
  type InboxSuccess,
  inboxReplySchema,
  inboxReplySent,
  type InboxReplyResult,
} from '../../../shared/inbox.ts';
import { currentUser } from '../../http/access.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { parseId } from '../../http/params.ts';
import { parseInput } from '../../http/validate.ts';
import { listInboxMessages, toInboxMessage } from './read-inbox.ts';
import { replyToMessage } from './reply-to-message.ts';
import { INBOX_MESSAGE_NOT_FOUND, setInboxStatus } from './set-inbox-status.ts';
import { submitMessage, type NewInboxMessage } from './submit-message.ts';
import { answers } from '../../http/response-schemas.ts';

const listQuerySchema = z.object({ status: z.enum(inboxStatuses).optional() });

export function inboxRoutes(
  app: FastifyInstance,
  { db, pokeMail, storeName }: { db: Db; pokeMail: () => void; storeName: () => string },
): void {
  /** Honeypot first (a bot learns nothing), then validation, then the per-address limit. */
  const accept =
    (kind: InboxKind, toMessage: (body: unknown) => NewInboxMessage) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const success: InboxSuccess = { ok: true, message: inboxSuccessMessages[kind] };
      if (isHoneypotFilled(req.body)) {
        req.log.info({ kind }, 'inbox: honeypot filled, message dropped');
        return success;
      }
      const message = toMessage(req.body);
      const result = await submitMessage(db, req.ip, message);
      if (!result.ok) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new AppError('RATE_LIMITED', 429, inboxErrors.rateLimited);
      }
      req.log.info({ kind, messageId: result.id }, 'inbox: message stored');
      return success;
    };

  app.post(
    '/api/inbox/support',
    { config: { access: 'public' }, ...answers({ 200: inboxSuccessSchema }) },
    accept('support', (body) => {
      const v = parseInput(supportSchema, body);
      return {
        kind: 'support',
        name: v.fullName,
        email: v.email,
        subject: v.subject,
        body: v.message,
        fields: { category: v.category },
      };
    }),
  );

  app.post(
    '/api/inbox/contact',
    { config: { access: 'public' }, ...answers({ 200: inboxSuccessSchema }) },
    accept('contact', (body) => {
      const v = parseInput(contactSchema, body);
      return {
        kind: 'contact',
        name: v.name,
        email: v.email,
        subject: v.subject,
        body: v.message,
        fields: { type: v.type },
      };
    }),
  );

  app.post(
    '/api/inbox/quote',
    { config: { access: 'public' }, ...answers({ 200: inboxSuccessSchema }) },
    accept('quote', (body) => {
      const v = parseInput(quoteSchema, body);
      const { projectType, phone, company, budget, timeline, features } = v;
      return {
        kind: 'quote',
        name: v.name,
        email: v.email,
        subject: `Quote request: ${optionLabel(projectTypes, projectType)}`,
        body: v.description,
        fields: { projectType, phone, company, budget, timeline, features },
      };
    }),
  );

  app.get(
    '/api/admin/inbox',
    { config: { access: 'admin' }, ...answers({ 200: inboxListSchema }) },
    async (req): Promise<InboxList> =>
      listInboxMessages(db, parseInput(listQuerySchema, req.query).status),
  );

  app.patch(
    '/api/admin/inbox/:id',
    { config: { access: 'admin' }, ...answers({ 200: inboxMessageSchema }) },
    async (req): Promise<InboxMessage> => {
      const id = parseId(req.params, INBOX_MESSAGE_NOT_FOUND);
      const { status } = parseInput(inboxStatusSchema, req.body);
      return setInboxStatus(db, id, status);
    },
  );

  replyRoute(app, db, pokeMail, storeName);
}

/** The admin's reply: e-mailed through the outbox, and the message marked handled. */
function replyRoute(
  app: FastifyInstance,
  db: Db,
  pokeMail: () => void,
  storeName: () => string,
): void {
  app.post(
    '/api/admin/inbox/:id/reply',
    { config: { access: 'admin' }, ...answers({ 200: inboxReplyResultSchema }) },
    async (req): Promise<InboxReplyResult> => {
      const id = parseId(req.params, INBOX_MESSAGE_NOT_FOUND);
      const { message } = parseInput(inboxReplySchema, req.body);
      const row = await replyToMessage(db, currentUser(req), id, message, storeName());
      pokeMail();
      return { message: inboxReplySent(row.email), item: toInboxMessage(row) };
    },
  );
}

function isHoneypotFilled(body: unknown): boolean {
  const website = (body as { website?: unknown } | null)?.website;
  return website !== undefined && website !== null && String(website).trim() !== '';
}
