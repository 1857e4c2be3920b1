// An alert's text, written from the facts its trigger stored. The rule: a message names what the owner acts on —
// our own references (order, top-up), product names, counts, amounts, a report's reason, an e-mail's kind and
// the server's error — and nothing else: no customer name or e-mail address, no account username, e-mail or
// password, no token or key. The triggers store no such field; error texts are scrubbed of e-mail addresses here.
import { formatNaira } from '../../../shared/money.ts';
import type { OwnerAlertKind } from '../../../shared/owner-alerts.ts';
import { REPORT_REASONS, reportReasonLabels, type ReportReason } from '../../../shared/reports.ts';

type Details = Record<string, unknown>;

const text = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** E-mail addresses in free text (an SMTP error naming the recipient) become [address]. */
export function withoutAddresses(s: string): string {
  return s.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+\.[^\s<>()"',;:]+/g, '[address]');
}

const writers: Record<OwnerAlertKind, (d: Details) => string> = {
  order_completed: (d) =>
    `🛒 New order ${text(d.order_ref)}\n${num(d.quantity)} × ${text(d.product)}\n${formatNaira(num(d.amount_kobo))}`,
  low_stock: (d) =>
    `📉 Low stock: ${text(d.product)} has ${plural(num(d.left), 'available account')} left.\n` +
    'Add stock in the admin console (Bulk Upload or Add Product).',
  account_reported: (d) => {
    const reason = REPORT_REASONS.includes(d.reason as ReportReason)
      ? reportReasonLabels[d.reason as ReportReason]
      : 'Other';
    return (
      `⚠️ ${plural(num(d.accounts), 'account')} reported on ${text(d.order_ref)} (${text(d.product)})\n` +
      `Reason: ${reason}\nReview it in the console's Reports tab.`
    );
  },
  topup_attention: (d) =>
    d.what === 'late_success'
      ? `💳 Top-up ${text(d.reference)} (${formatNaira(num(d.amount_kobo))}) was ${text(d.was)}, ` +
        'then paid late: it has now been credited to the wallet.'
      : `💳 Top-up ${text(d.reference)} (${formatNaira(num(d.amount_kobo))}) needs attention: the provider ` +
        `says paid, but its answer does not match our record.\n${withoutAddresses(text(d.why))}\n` +
        'See Users → Top-ups needing attention.',
  email_failing: (d) =>
    `✉️ ${num(d.count) > 1 ? `${num(d.count)} e-mails keep` : 'An e-mail keeps'} failing ` +
    `(latest: ${text(d.email_kind)}, three attempts).\nLast error: ${withoutAddresses(text(d.error))}\n` +
    "The store keeps retrying; the console's E-mail tab lists them.",
};

export function renderAlert(kind: OwnerAlertKind, details: Details): string {
  return writers[kind](details);
}
