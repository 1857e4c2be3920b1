// A product group's stock as CSV for admins: every account with its credentials decrypted, formula cells
// neutralised, and one audit line saying how many rows left the store.
import { asc, eq } from 'drizzle-orm';
import type { Stringifier } from 'csv-stringify';
import { adminMessages } from '../../../shared/admin-catalogue.ts';
import type { Db } from '../../db/client.ts';
import { csvExport } from '../../http/csv-export.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { readProductGroupName } from '../catalogue/read-admin-catalogue.ts';
import { openCredentials, type CredentialCipher } from './credential-cipher.ts';
import { stockAccounts } from './stock.tables.ts';

export async function exportStockCsv(
  { db, cipher }: { db: Db; cipher: CredentialCipher },
  actor: AuditActor,
  groupId: string,
): Promise<{ filename: string; csv: Stringifier }> {
  const name = await readProductGroupName(db, groupId, adminMessages.productGroupNotFound);
  const rows = await db
    .select()
    .from(stockAccounts)
    .where(eq(stockAccounts.productGroupId, groupId))
    .orderBy(asc(stockAccounts.createdAt));
  const detailKeys = [...new Set(rows.flatMap((r) => Object.keys(r.additionalInfo)))].sort();
  const csv = csvExport([
    'username',
    'email',
    'password',
    'email_password',
    'two_fa_code',
    'status',
    'sold_at',
    ...detailKeys,
  ]);
  for (const r of rows) {
    const details = detailKeys.map((k) => String(r.additionalInfo[k] ?? ''));
    const opened = openCredentials(cipher, r);
    const cells = [
      r.username,
      r.email ?? '',
      opened.password,
      opened.emailPassword ?? '',
      opened.twoFaCode ?? '',
      r.status,
      r.soldAt?.toISOString() ?? '',
      ...details,
    ];
    csv.write(cells);
  }
  csv.end();
  await recordAudit(
    db,
    actor,
    'account.export',
    { type: 'product_group', id: groupId },
    { rows: rows.length },
  );
  const filename = `${name.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase() || 'stock'}.csv`;
  return { filename, csv };
}
