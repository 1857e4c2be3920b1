// The admin view of top-ups: the ones in one status, newest first, with only the latest provider answer.
import { and, desc, eq, getTableColumns, isNull, notLike, or, sql } from 'drizzle-orm';
import type { AdminPayment, AdminPaymentList } from '../../../shared/admin-users.ts';
import type { PaymentStatus } from '../../../shared/payments.ts';
import type { Db } from '../../db/client.ts';
import { readUserEmails } from '../auth/read-user-contact.ts';
import { payments, type ProviderAnswer } from './payments.tables.ts';

const LIST_LIMIT = 100;
export const PAYMENT_NOT_FOUND = 'Payment not found';
const { providerAnswers: _answers, ...listColumns } = getTableColumns(payments);

export async function listAdminPayments(db: Db, status: PaymentStatus): Promise<AdminPaymentList> {
  const rows = await db
    // The stored answers stay in the database: the list carries only the latest one of each payment.
    .select({
      p: listColumns,
      lastAnswer: sql<ProviderAnswer | null>`${payments.providerAnswers} -> -1`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.status, status),
        // The customer pressed Cancel at checkout (matchAnswer's 'Payment cancelled.'): nothing for an admin
        // to look into. The reconciler still re-checks it, so a late success is credited all the same.
        status === 'failed'
          ? or(
              isNull(payments.statusMessage),
              notLike(payments.statusMessage, 'Payment cancelled.%'),
            )
          : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(LIST_LIMIT);
  // Every payment has its user (a foreign key; deletion anonymises the row, ADR 007).
  const emails = await readUserEmails(
    db,
    rows.map(({ p }) => p.userId),
  );
  return {
    payments: rows.map(({ p, lastAnswer }) =>
      toAdminPayment(
        { ...p, providerAnswers: lastAnswer ? [lastAnswer] : [] },
        emails.get(p.userId)!.email,
      ),
    ),
  };
}

export function toAdminPayment(
  p: Omit<typeof payments.$inferSelect, 'providerAnswers'> & { providerAnswers: ProviderAnswer[] },
  userEmail: string,
): AdminPayment {
  return {
    id: p.id,
    reference: p.reference,
    providerReference: p.providerReference,
    userEmail,
    amountKobo: p.amountKobo,
    status: p.status,
    statusMessage: p.statusMessage,
    lastAnswer: p.providerAnswers.at(-1) ?? null,
    checkAttempts: p.checkAttempts,
    createdAt: p.createdAt.toISOString(),
    expiresAt: p.expiresAt.toISOString(),
  };
}
