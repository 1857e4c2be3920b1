// The Activity view names what its lines are about: each user, account, product group, category and top-up
// id on the page (as target or inside the details) becomes an e-mail, a username, a name or a reference.
// One query per owner for the whole page (ADR 019), through the function each owner exports.
import type { AuditEntry } from '../../../shared/audit.ts';
import { formatNaira } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { readUserEmails } from '../auth/read-user-contact.ts';
import { readCategoryNames } from '../catalogue/read-category-names.ts';
import { readGroupLabels } from '../catalogue/group-figures.ts';
import { readPaymentLabels } from '../payments/read-payment-labels.ts';
import { readAccountLabels } from '../stock/read-account-labels.ts';

type Kind = 'user' | 'account' | 'group' | 'category' | 'payment';

const TARGET_KINDS: Record<string, Kind> = {
  user: 'user',
  account: 'account',
  product_group: 'group',
  category: 'category',
  payment: 'payment',
};
/** Detail keys that hold an id, wherever they sit (top level, before or after). */
const DETAIL_KINDS: Record<string, Kind> = {
  customerId: 'user',
  userId: 'user',
  accountId: 'account',
  replacementAccountId: 'account',
  groupId: 'group',
  productGroupId: 'group',
  categoryId: 'category',
  // A list of ids (report.credentials_view: the reported accounts whose credentials were shown).
  accountIds: 'account',
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function nameActivitySubjects(
  db: Db,
  entries: AuditEntry[],
): Promise<Record<string, string>> {
  const ids: Record<Kind, Set<string>> = {
    user: new Set(),
    account: new Set(),
    group: new Set(),
    category: new Set(),
    payment: new Set(),
  };
  const note = (kind: Kind | undefined, id: unknown) => {
    if (!kind || typeof id !== 'string') return;
    if (kind === 'category' || UUID.test(id)) ids[kind].add(id);
  };
  for (const e of entries) {
    note(TARGET_KINDS[e.targetType], e.targetId);
    for (const part of [e.details, e.details.before, e.details.after]) {
      if (!part || typeof part !== 'object') continue;
      for (const [key, value] of Object.entries(part))
        for (const id of [value].flat()) note(DETAIL_KINDS[key], id);
    }
  }
  const accounts = await readAccountLabels(db, [...ids.account]);
  for (const a of accounts.values()) ids.group.add(a.groupId);
  const payments = await readPaymentLabels(db, [...ids.payment]);
  for (const p of payments.values()) ids.user.add(p.userId);
  const [users, groups, categories] = await Promise.all([
    readUserEmails(db, [...ids.user]),
    readGroupLabels(db, [...ids.group]),
    readCategoryNames(db, [...ids.category]),
  ]);

  const names: Record<string, string> = {};
  for (const u of users.values()) names[u.id] = u.email;
  for (const g of groups.values()) names[g.id] = g.name;
  for (const c of categories.values()) names[c.id] = c.name;
  for (const a of accounts.values()) {
    const group = groups.get(a.groupId)?.name;
    names[a.id] = group ? `@${a.username} (${group})` : `@${a.username}`;
  }
  for (const p of payments.values()) {
    const owner = users.get(p.userId)?.email;
    names[p.id] = `${p.reference} (${formatNaira(p.amountKobo)}${owner ? `, ${owner}` : ''})`;
  }
  return names;
}
