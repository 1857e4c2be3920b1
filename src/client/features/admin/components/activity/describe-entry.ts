// An audit line in words: a sentence for each known action ("Credited ₦500.00 to ada@example.com") and the
// remaining details as readable "Label: value" lines. Any action or field this file does not know yet (a new
// one recorded by another module) still reads well: its label, its target's name, and its fields humanised.
import { auditActionLabels, type AuditEntry } from '../../../../../shared/audit.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { shortOrderId } from '../../../../../shared/orders.ts';
import { storeSettingLabels } from '../../../../../shared/store-settings.ts';

export type EntryText = { sentence: string; lines: string[] };
type Details = Record<string, unknown>;
type Names = Record<string, string>;

const FIELD_LABELS: Record<string, string> = {
  balanceKobo: 'Balance',
  amountKobo: 'Amount',
  priceKobo: 'Price',
  isActive: 'Active',
  isAdmin: 'Admin',
  secretsChanged: 'Secrets changed',
  reportStatus: 'Report',
  accountStatus: 'Account',
  skippedInvalid: 'Rows skipped (invalid)',
  skippedDuplicates: 'Rows skipped (duplicates)',
  creditedNow: 'Credited now',
  lastError: 'Last error',
  productName: 'Name',
  categoryId: 'Category',
  groupId: 'Product template',
  customerId: 'Customer',
  orderId: 'Order',
  replacementAccountId: 'Replacement',
  accountIds: 'Accounts',
  twoFaCode: '2FA code',
  emailPassword: 'E-mail password',
  disabledKinds: 'Alerts off',
  minOrderKobo: 'Order alerts from',
  ...storeSettingLabels,
};

/** "secretsChanged" → "Secrets changed" for a field no label names yet. */
function labelOf(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  const words = key
    .replace(/(Kobo|Id)$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueOf(key: string, value: unknown, names: Names): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' && key.endsWith('Kobo')) return formatNaira(value);
  if (typeof value === 'string') {
    if (key === 'orderId') return shortOrderId(value);
    if (names[value]) return names[value];
    if (key.endsWith('Id') && value.length > 12) return `${value.slice(0, 8)}…`;
    return value;
  }
  // A list's items read as its singular would (accountIds → each an accountId).
  if (Array.isArray(value))
    return value.map((v) => valueOf(key.replace(/s$/, ''), v, names)).join(', ') || 'none';
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${labelOf(k)} ${valueOf(k, v, names)}`)
      .join(', ');
  return String(value);
}

/** before → after as "Label: old → new", then other fields as "Label: value"; `skip` was said in the sentence. */
export function detailLines(details: Details, names: Names, skip: string[] = []): string[] {
  const { before, after, ...rest } = details as Details & { before?: Details; after?: Details };
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return [
    ...keys.map(
      (k) => `${labelOf(k)}: ${valueOf(k, before?.[k], names)} → ${valueOf(k, after?.[k], names)}`,
    ),
    ...Object.entries(rest)
      .filter(([k, v]) => !skip.includes(k) && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => `${labelOf(k)}: ${valueOf(k, v, names)}`),
  ];
}

type Phrase = (d: Details, subject: string, names: Names) => [string, string[]];

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const naira = (v: unknown) => (typeof v === 'number' ? formatNaira(v) : '—');
const order = (d: Details) => (str(d.orderId) ? ` (order ${shortOrderId(str(d.orderId))})` : '');
const who = (d: Details, names: Names) => names[str(d.customerId)] ?? 'the customer';
const quoted = (v: unknown) => (str(v) ? `“${str(v)}”` : '');

/** The sentence of each known action, and the detail fields it already said. */
const PHRASES: Partial<Record<AuditEntry['action'], Phrase>> = {
  'wallet.credit': (d, s) => [`Credited ${naira(d.amountKobo)} to ${s}`, ['amountKobo']],
  'wallet.debit': (d, s) => [
    `Debited ${naira(typeof d.amountKobo === 'number' ? Math.abs(d.amountKobo) : d.amountKobo)} from ${s}`,
    ['amountKobo'],
  ],
  'payment.recheck': (_d, s) => [`Re-checked top-up ${s} with ErcasPay`, []],
  'payment.webhook_url_copied': () => ['Revealed the ErcasPay webhook URL', []],
  'account.create': (d, s, n) => [
    `Added account ${s} to ${n[str(d.groupId)] ?? 'a product template'}`,
    ['groupId', 'username'],
  ],
  'account.update': (_d, s) => [`Edited account ${s}`, ['groupId']],
  'account.delete': (d, _s, n) => {
    const before = (d.before ?? {}) as Details;
    return [
      `Deleted account @${str(before.username)} from ${n[str(d.groupId)] ?? 'its product template'}`,
      ['groupId'],
    ];
  },
  'account.bulk_upload': (d, s) => [
    `Uploaded ${typeof d.created === 'number' ? d.created : 0} account${d.created === 1 ? '' : 's'} (CSV) to ${s}`,
    ['created'],
  ],
  'product_group.create': (d, s) => [
    `Created product template ${quoted(d.productName) || s}`,
    ['productName'],
  ],
  'product_group.update': (_d, s) => [`Edited product template ${s}`, []],
  'product_group.archive': (_d, s) => [`Archived product template ${s}`, []],
  'product_group.restore': (_d, s) => [`Restored product template ${s}`, []],
  'product_group.delete': (d, s) => [`Deleted product template ${quoted(d.name) || s}`, ['name']],
  'category.create': (d, s) => [`Created category ${quoted(d.name) || s}`, ['name']],
  'category.update': (_d, s) => [`Edited category ${s}`, []],
  'category.delete': (_d, s) => [`Deleted category ${s}`, []],
  'report.replace': (d, _s, n) => {
    const after = (d.after ?? {}) as Details;
    return [
      `Replaced @${str(d.username)} for ${who(d, n)}${order(d)} with @${str(after.replacementUsername)}`,
      ['username', 'customerId', 'orderId', 'accountId'],
    ];
  },
  'report.refund': (d, _s, n) => [
    `Refunded ${naira(d.amountKobo)} to ${who(d, n)} for @${str(d.username)}${order(d)}`,
    ['amountKobo', 'username', 'customerId', 'orderId', 'accountId'],
  ],
  'report.reject': (d, _s, n) => [
    `Rejected ${who(d, n)}’s report on @${str(d.username)}${order(d)}`,
    ['username', 'customerId', 'orderId', 'accountId'],
  ],
  'report.credentials_view': (d) => {
    const shown = Array.isArray(d.accountIds) ? d.accountIds.length : 0;
    const reports = { open: 'open', resolved: 'resolved', all: 'all' }[str(d.filter)] ?? 'the';
    return [
      `Opened the ${reports} reports, showing the credentials of ${shown} reported account${shown === 1 ? '' : 's'}`,
      ['filter'],
    ];
  },
  'user.promote': (d, s) => [`Made ${str(d.email) || s} an admin`, ['email']],
  'email.retry': () => ['Sent a failed e-mail again', []],
  'email.retry_all': (d) => [`Sent ${Number(d.count)} failed e-mails again`, ['count']],
  'alerts.update': () => ['Changed the owner alert settings', []],
  'settings.update': () => ['Changed the store settings', []],
  'settings.logo': (d) => [d.removed ? 'Removed the store logo' : 'Uploaded a new store logo', []],
};

export function describeEntry(entry: AuditEntry, names: Names): EntryText {
  const subject =
    (entry.targetId && names[entry.targetId]) ||
    (entry.targetId
      ? `${entry.targetType.replace(/_/g, ' ')} ${entry.targetId.slice(0, 8)}…`
      : entry.targetType.replace(/_/g, ' '));
  const phrase = PHRASES[entry.action];
  if (phrase) {
    const [sentence, said] = phrase(entry.details, subject, names);
    return { sentence, lines: detailLines(entry.details, names, said) };
  }
  const label = (auditActionLabels as Record<string, string | undefined>)[entry.action];
  return {
    sentence: `${label ?? labelOf(entry.action.replace('.', ' '))}: ${subject}`,
    lines: detailLines(entry.details, names),
  };
}
