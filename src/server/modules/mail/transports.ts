// Where e-mail goes: SMTP through nodemailer when SMTP_URL is set, else the local mailbox (the database).
import type { Transporter } from 'nodemailer';

export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
};

export type MailTransport = {
  /** Stored with each sent message: "smtp" or "local". */
  name: string;
  /** Settles (rejecting) soon after `signal` aborts: the outbox's claim must outlive every send. */
  send: (msg: MailMessage, signal?: AbortSignal) => Promise<void>;
  /** How many sends it takes at once (its connections); the outbox never hands it more. Unset: any number. */
  concurrency?: number;
  close?: () => void;
};

/** SMTP connections kept open and shared by the sends of a process (nodemailer's pool). */
export const SMTP_POOL_CONNECTIONS = 5;

export function createSmtpTransport(
  smtpUrl: string,
  { connections = SMTP_POOL_CONNECTIONS }: { connections?: number } = {},
): MailTransport {
  // nodemailer is loaded with the first message: a store on the local mailbox never carries it in memory.
  let transporter: Promise<Transporter> | undefined;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: connections,
        // A closed connection fails its message instead of re-sending it: the outbox decides about retries.
        maxRequeues: 0,
        // A server that accepts and never answers is given up well inside the outbox's send deadline.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    name: 'smtp',
    concurrency: connections,
    async send(msg, signal) {
      await (await open()).sendMail({ ...msg, html: msg.html ?? undefined, signal });
    },
    close() {
      void transporter?.then((t) => t.close());
    },
  };
}

/**
 * The local mailbox: the outbox row itself is the stored message; we only print its links to the log, and not
 * even those in production, where a link (e-mail confirmation) carries a one-time token.
 */
export function createLocalMailbox(
  log: (line: string) => void,
  { showLinks = true }: { showLinks?: boolean } = {},
): MailTransport {
  return {
    name: 'local',
    async send(msg) {
      const links = showLinks ? (msg.text.match(/https?:\/\/\S+/g) ?? []) : [];
      log(
        `local mailbox: "${msg.subject}" to ${msg.to}${links.length ? ` — ${links.join(' ')}` : ''}`,
      );
    },
  };
}
