// The e-mails of self-service account changes: reset link, "password changed", new-address confirmation,
// and the notice to the old address. Plain words, the link spelled out, nothing secret but the one-time link.
import type { Db, Tx } from '../../db/client.ts';
import { escapeHtml } from '../../html/escape-html.ts';
import { emailLogo, enqueueEmail, type EmailSite } from '../mail/outbox.ts';

type Person = { id: string; email: string; fullName: string };

/** The text and HTML bodies: greeting, lines, the link (if any), lines after it. */
function paragraphs(
  site: EmailSite,
  name: string,
  lines: string[],
  link?: { href: string; label: string },
  after: string[] = [],
) {
  const blocks = [
    `Hello ${name},`,
    ...lines,
    ...(link ? [link.href] : []),
    ...after,
    site.storeName,
  ];
  const html = [
    emailLogo(site),
    `<p>Hello ${escapeHtml(name)},</p>`,
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    link ? `<p><a href="${link.href}">${escapeHtml(link.label)}</a></p>` : '',
    ...after.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p>${escapeHtml(site.storeName)}</p>`,
  ].join('');
  return { text: `${blocks.join('\n\n')}\n`, html };
}

export async function sendResetLink(
  tx: Db | Tx,
  site: EmailSite,
  user: Person,
  token: string,
): Promise<void> {
  const href = `${site.publicUrl}/reset-password?token=${token}`;
  await enqueueEmail(tx, {
    kind: 'reset_password',
    to: user.email,
    userId: user.id,
    subject: `Reset your ${site.storeName} password`,
    ...paragraphs(
      site,
      user.fullName,
      [
        `Someone (we hope you) asked to reset the password of your ${site.storeName} account. Open this link to choose a new one:`,
      ],
      { href, label: 'Choose a new password' },
      [
        'The link works once and expires in one hour. If you did not ask, ignore this e-mail: your password stays as it is.',
      ],
    ),
  });
}

export async function sendPasswordChanged(
  tx: Db | Tx,
  site: EmailSite,
  user: Person,
): Promise<void> {
  await enqueueEmail(tx, {
    kind: 'password_changed',
    to: user.email,
    userId: user.id,
    subject: `Your ${site.storeName} password was changed`,
    ...paragraphs(site, user.fullName, [
      `The password of your ${site.storeName} account was just changed, and your other devices were signed out.`,
      `If this was not you, reset your password at once at ${site.publicUrl}/forgot-password and contact support.`,
    ]),
  });
}

export async function sendEmailChangeLink(
  tx: Db | Tx,
  site: EmailSite,
  user: Person,
  newEmail: string,
  token: string,
): Promise<void> {
  const href = `${site.publicUrl}/email-change?token=${token}`;
  await enqueueEmail(tx, {
    kind: 'change_email',
    to: newEmail,
    userId: user.id,
    subject: `Confirm your new ${site.storeName} e-mail address`,
    ...paragraphs(
      site,
      user.fullName,
      [
        `Open this link to make ${newEmail} the e-mail address of your ${site.storeName} account. It works once and expires in 24 hours.`,
      ],
      {
        href,
        label: 'Confirm my new e-mail',
      },
    ),
  });
}

export async function sendEmailChangedNotice(
  tx: Db | Tx,
  site: EmailSite,
  user: Person,
  oldEmail: string,
): Promise<void> {
  await enqueueEmail(tx, {
    kind: 'email_changed',
    to: oldEmail,
    userId: user.id,
    subject: `Your ${site.storeName} e-mail address was changed`,
    ...paragraphs(site, user.fullName, [
      `The e-mail address of your ${site.storeName} account was changed from ${oldEmail} to ${user.email}. This address will no longer receive messages about the account.`,
      `If this was not you, contact support at once (${site.publicUrl}/support).`,
    ]),
  });
}

/** To an ADMIN_EMAILS address: only the password set through this link makes the account admin. */
export async function sendAdminInvitation(
  tx: Db | Tx,
  site: EmailSite,
  user: Person,
  token: string,
): Promise<void> {
  const href = `${site.publicUrl}/reset-password?token=${token}`;
  await enqueueEmail(tx, {
    kind: 'admin_invitation',
    to: user.email,
    userId: user.id,
    subject: `Set your ${site.storeName} admin password`,
    ...paragraphs(
      site,
      user.fullName,
      [
        `${user.email} is listed as an admin address of this ${site.storeName}. To use the admin console, choose the password of the account through this link:`,
      ],
      { href, label: 'Set my admin password' },
      [
        'The link works once and expires in 24 hours; any session of the account from before ends when you set it. If you did not expect this, ignore this e-mail: nothing changes until the link is used.',
      ],
    ),
  });
}
