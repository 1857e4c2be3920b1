// E-mail exactly once when the SMTP server hangs: it accepts connections and never answers, then recovers.
// Two workers (two app processes) keep delivering the whole time; every message must arrive once, none twice.
// And account e-mails go ahead of a backlog of bulk ones.
import net from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtp-capture.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { deliverDueEmails, type DeliveryTiming } from './deliver-emails.ts';
import { emailOutbox } from './mail.tables.ts';
import { enqueueEmail } from './outbox.ts';
import { createSmtpTransport, type MailTransport } from './transports.ts';

const { db } = await createTestDatabase();
const transports: MailTransport[] = [];
const captures: SmtpCapture[] = [];
afterAll(async () => {
  // The pools' idle connections first: a capture closes once its clients have gone.
  for (const t of transports) t.close?.();
  for (const c of captures) await c.close();
});

/** A server that accepts every connection and never says a word (no greeting), until closed. */
async function startSilentServer(): Promise<{ port: number; stop: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    stop: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const pending = async () =>
  (
    await db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_outbox where status <> 'sent'`,
    )
  ).rows[0]!.n;

describe('the outbox with a hanging SMTP server', () => {
  it('delivers every message exactly once after the server recovers, with two workers going', async () => {
    const messages = 120;
    await db.execute(sql`insert into email_outbox (kind, to_address, subject, text_body)
      select 'order_credentials', 'buyer' || i || '@example.com', 'Order ' || i, 'Your credentials'
      from generate_series(1, ${messages}) i`);
    const silent = await startSilentServer();
    // Scaled down from production's 120 s claim, 45 s to start a send and 90 s to finish it: the claim is what
    // every send must end inside. The server recovers about when a batch's deadline falls, as it may in life.
    const timing: DeliveryTiming = { claimMs: 5000, startWithinMs: 2000, sendDeadlineMs: 3500 };
    const workers = [0, 1].map(() =>
      createSmtpTransport(`smtp://127.0.0.1:${silent.port}`, { connections: 5 }),
    );
    transports.push(...workers);
    let failures = 0;
    let stop = false;
    const run = async (transport: MailTransport) => {
      while (!stop) {
        const sent = await deliverDueEmails(db, transport, 'shop@test', {
          batch: 20,
          timing,
          onFailure: () => failures++,
        });
        if (sent === 0) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const running = workers.map(run);

    // Hung for longer than a claim: sends are aborted at the deadline and the messages wait for a retry.
    await new Promise((r) => setTimeout(r, timing.claimMs + 1000));
    expect(await pending()).toBe(messages);
    expect(failures).toBeGreaterThan(0);

    // The server recovers on the same address; the retries are brought forward instead of waiting 5–10 s.
    await silent.stop();
    const capture = await startSmtpCapture(silent.port);
    captures.push(capture);
    await db.execute(sql`update email_outbox set next_attempt_at = now() where status = 'pending'`);
    const until = Date.now() + 20_000;
    while ((await pending()) > 0 && Date.now() < until) {
      await db.execute(
        sql`update email_outbox set next_attempt_at = now() where status = 'pending'`,
      );
      await new Promise((r) => setTimeout(r, 200));
    }
    // A claim's length more, so that any send still going (none should be) would have arrived.
    await new Promise((r) => setTimeout(r, timing.claimMs));
    stop = true;
    await Promise.all(running);

    expect(await pending()).toBe(0);
    const subjects = capture.received.map((m) => /^Subject: (.*)$/m.exec(m.data)![1]!.trim());
    const times = new Map<string, number>();
    for (const s of subjects) times.set(s, (times.get(s) ?? 0) + 1);
    const twice = [...times].filter(([, n]) => n > 1).map(([s]) => s);
    // On failure, what each message sent twice went through.
    const rows = twice.length
      ? await db
          .select({
            subject: emailOutbox.subject,
            attempts: emailOutbox.attempts,
            error: emailOutbox.lastError,
          })
          .from(emailOutbox)
          .where(inArray(emailOutbox.subject, twice))
      : [];
    expect({ twice, rows }).toEqual({ twice: [], rows: [] });
    expect(times.size).toBe(messages);
    console.info(
      `stuck SMTP: ${messages} queued, ${failures} failed sends while hung, ${capture.received.length} delivered, ${twice.length} twice`,
    );
  }, 60_000);

  it('sends a confirmation e-mail queued behind a backlog of credentials e-mails first', async () => {
    const capture = await startSmtpCapture();
    captures.push(capture);
    const transport = createSmtpTransport(`smtp://127.0.0.1:${capture.port}`);
    transports.push(transport);
    // The backlog, queued as the purchase functions queue credentials e-mails (default priority).
    await db.execute(sql`insert into email_outbox (kind, to_address, subject, text_body, next_attempt_at)
      select 'order_credentials', 'buyer' || i || '@example.com', 'Backlog ' || i, 'Your credentials',
             now() - interval '1 hour'
      from generate_series(1, 300) i`);
    await enqueueEmail(db, {
      kind: 'confirm_email',
      to: 'newcomer@example.com',
      subject: 'Confirm your AcctStore account',
      text: 'Confirm: http://shop.test/email-confirmation?token_hash=x',
    });
    expect(await deliverDueEmails(db, transport, 'shop@test', { batch: 50 })).toBe(50);
    expect(capture.received).toHaveLength(50);
    expect(capture.received.map((m) => m.to)).toContain('newcomer@example.com');
    // The pool was handed it first: on its way before any of the backlog.
    expect(capture.received.findIndex((m) => m.to === 'newcomer@example.com')).toBeLessThan(5);
  });
});
