// The local mailbox, outside production only: every outbox message, readable at /dev/mailbox (HTML) and
// /api/dev/mailbox (JSON), so a newcomer on a fresh machine can confirm an e-mail without SMTP.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { timestampSchema } from '../../../shared/answer-parts.ts';
import { OUTBOX_STATUSES } from '../../../shared/mail.ts';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../html/escape-html.ts';
import type { OpenBody } from './deliver-emails.ts';
import { readMailbox } from './read-mailbox.ts';
import { answers } from '../../http/response-schemas.ts';

/** GET /api/dev/mailbox: the local mailbox's messages, their text opened (dev only, never in production). */
const mailboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.enum(OUTBOX_STATUSES),
      transport: z.string().nullable(),
      createdAt: timestampSchema,
      sentAt: timestampSchema.nullable(),
    }),
  ),
});

export function mailboxRoutes(
  app: FastifyInstance,
  { db, open }: { db: Db; open: OpenBody },
): void {
  const listMessages = () => readMailbox(db, open);

  app.get(
    '/api/dev/mailbox',
    { config: { access: 'public' }, ...answers({ 200: mailboxSchema }) },
    async (): Promise<z.input<typeof mailboxSchema>> => ({
      messages: (await listMessages()).map((m) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      })),
    }),
  );

  app.get('/dev/mailbox', async (_req, reply) => {
    const messages = await listMessages();
    const items = messages
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${m.createdAt.toISOString()} · ${m.status}${m.transport ? ` via ${m.transport}` : ''}</p>
<pre>${linkify(escapeHtml(m.text))}</pre></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#0f172a}
article{border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}.meta{color:#475569;font-size:.9rem}
pre{white-space:pre-wrap;font-family:inherit}a{color:#4338ca}</style></head><body><h1>Local mailbox</h1>
<p>E-mail the store sent while no SMTP server is configured (shown outside production only). Newest first.</p>
${items || '<p>No messages yet.</p>'}</body></html>`);
  });
}

function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}
