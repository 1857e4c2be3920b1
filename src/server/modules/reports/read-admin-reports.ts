// The admin Reports tab: reports with their order, customer, the account's credentials and its history.
// The reports come from this module's table; their orders, accounts, customers' e-mails and groups' stock
// from the modules that own them, one query each for the whole page.
import { count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { AdminReport, AdminReportFilter, AdminReportList } from '../../../shared/reports.ts';
import type { Db } from '../../db/client.ts';
import { readUserEmails } from '../auth/read-user-contact.ts';
import { readGroupLabels } from '../catalogue/group-figures.ts';
import { readOrders } from '../orders/read-order.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { openCredentials, type CredentialCipher } from '../stock/credential-cipher.ts';
import { readAccounts } from '../stock/reported-accounts.ts';
import { accountReports } from './reports.tables.ts';

const LIST_LIMIT = 200;

/** The reports with their accounts' credentials decrypted: the Activity trail records who saw which. */
export async function readAdminReports(
  db: Db,
  cipher: CredentialCipher,
  actor: AuditActor,
  filter: AdminReportFilter,
): Promise<AdminReportList> {
  const where: SQL | undefined =
    filter === 'open'
      ? eq(accountReports.status, 'open')
      : filter === 'resolved'
        ? ne(accountReports.status, 'open')
        : undefined;
  const [reportRows, [open]] = await Promise.all([
    db
      .select()
      .from(accountReports)
      .where(where)
      .orderBy(desc(accountReports.createdAt), desc(accountReports.id))
      .limit(LIST_LIMIT),
    db.select({ n: count() }).from(accountReports).where(eq(accountReports.status, 'open')),
  ]);
  const accountIds = [...new Set(reportRows.map((r) => r.accountId))];
  const [orders, accounts, emails, earlier] = await Promise.all([
    readOrders(
      db,
      reportRows.map((r) => r.orderId),
    ),
    readAccounts(db, accountIds),
    readUserEmails(
      db,
      reportRows.map((r) => r.userId),
    ),
    accountIds.length
      ? db
          .select({
            id: accountReports.id,
            accountId: accountReports.accountId,
            status: accountReports.status,
            reason: accountReports.reason,
            createdAt: accountReports.createdAt,
          })
          .from(accountReports)
          .where(inArray(accountReports.accountId, accountIds))
          .orderBy(desc(accountReports.createdAt))
      : [],
  ]);
  const groups = await readGroupLabels(
    db,
    [...accounts.values()].map((a) => a.productGroupId),
  );
  // Every report has its order, account and customer, and an account its group (foreign keys; nothing of
  // them is ever deleted), so each row finds all four.
  const rows = reportRows.map((r) => {
    const a = accounts.get(r.accountId)!;
    return {
      r,
      o: orders.get(r.orderId)!,
      a,
      customerEmail: emails.get(r.userId)!.email,
      availableInGroup: groups.get(a.productGroupId)!.stockCount,
    };
  });
  const reports: AdminReport[] = rows.map(({ r, o, a, customerEmail, availableInGroup }) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    note: r.note,
    rejectReason: r.rejectReason,
    createdAt: r.createdAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolvedBy: r.resolvedByEmail,
    customer: { id: r.userId, email: customerEmail },
    order: {
      id: o.id,
      productName: o.accountDetails.product_name,
      category: o.accountDetails.category,
      amountKobo: o.amountKobo,
      quantity: o.quantity,
      // What a refund of one account gives back: its share of what was paid (refund-reported-account.ts).
      pricePerUnitKobo: Math.floor(o.amountKobo / o.quantity),
      createdAt: o.createdAt.toISOString(),
    },
    account: {
      id: a.id,
      username: a.username,
      email: a.email,
      status: a.status,
      ...openCredentials(cipher, a),
    },
    replacementAccountId: r.replacementAccountId,
    history: earlier
      .filter((e) => e.accountId === a.id && e.id !== r.id)
      .map((e) => ({
        id: e.id,
        status: e.status,
        reason: e.reason,
        createdAt: e.createdAt.toISOString(),
      })),
    availableInGroup,
  }));
  if (accountIds.length > 0)
    await recordAudit(
      db,
      actor,
      'report.credentials_view',
      { type: 'stock_account', id: null },
      { filter, accountIds },
    );
  return { reports, openCount: open?.n ?? 0 };
}
