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
  send: (msg: MailMessage) => Promise<void>;
};

export function createSmtpTransport(smtpUrl: string): MailTransport {
  // nodemailer is loaded with the first message: a store on the local mailbox never carries it in memory.
  let transporter: Promise<Transporter> | undefined;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl, {
        connectionTimeout: 10_000,
        socketTimeout: 20_000,
      } as object),
    ));
  return {
    name: 'smtp',
    async send(msg) {
      await (await open()).sendMail({ ...msg, html: msg.html ?? undefined });
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
