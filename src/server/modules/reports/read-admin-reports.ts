// The admin Reports tab: reports with their order, customer, the account's credentials and its history.
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { AdminReport, AdminReportFilter, AdminReportList } from '../../../shared/reports.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.tables.ts';
import { productGroups } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import { stockAccounts } from '../stock/stock.tables.ts';
import { accountReports } from './reports.tables.ts';

const LIST_LIMIT = 200;

export async function readAdminReports(
  db: Db,
  cipher: CredentialCipher,
  filter: AdminReportFilter,
): Promise<AdminReportList> {
  const where: SQL | undefined =
    filter === 'open'
      ? eq(accountReports.status, 'open')
      : filter === 'resolved'
        ? ne(accountReports.status, 'open')
        : undefined;
  const [rows, [open]] = await Promise.all([
    db
      .select({
        r: accountReports,
        o: orders,
        a: stockAccounts,
        customerEmail: users.email,
        availableInGroup: productGroups.stockCount,
      })
      .from(accountReports)
      .innerJoin(orders, eq(orders.id, accountReports.orderId))
      .innerJoin(stockAccounts, eq(stockAccounts.id, accountReports.accountId))
      .innerJoin(users, eq(users.id, accountReports.userId))
      .innerJoin(productGroups, eq(productGroups.id, stockAccounts.productGroupId))
      .where(where)
      .orderBy(desc(accountReports.createdAt), desc(accountReports.id))
      .limit(LIST_LIMIT),
    db.select({ n: count() }).from(accountReports).where(eq(accountReports.status, 'open')),
  ]);
  const accountIds = [...new Set(rows.map((x) => x.a.id))];
  const earlier = accountIds.length
    ? await db
        .select({
          id: accountReports.id,
          accountId: accountReports.accountId,
          status: accountReports.status,
          reason: accountReports.reason,
          createdAt: accountReports.createdAt,
        })
        .from(accountReports)
        .where(and(inArray(accountReports.accountId, accountIds)))
        .orderBy(desc(accountReports.createdAt))
    : [];
  const open1 = (b: Buffer | null) => (b ? cipher.decrypt(b) : null);
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
      pricePerUnitKobo: o.accountDetails.price_per_unit_kobo,
      createdAt: o.createdAt.toISOString(),
    },
    account: {
      id: a.id,
      username: a.username,
      email: a.email,
      status: a.status,
      password: cipher.decrypt(a.passwordEnc),
      emailPassword: open1(a.emailPasswordEnc),
      twoFaCode: open1(a.twoFaCodeEnc),
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
  return { reports, openCount: open?.n ?? 0 };
}
