// Admin view of top-ups that need attention (pending, failed, expired) and the Re-check button.
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminPayment, AdminPaymentList } from '../../../shared/admin-users.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { users } from '../auth/auth.tables.ts';
import { payments } from '../payments/payments.tables.ts';
import type { SettleOutcome } from '../payments/settle-payment.ts';
import { recordAudit } from './record-audit.ts';

const listQuery = z.object({ status: z.enum(['pending', 'failed', 'expired', 'completed']).default('pending') });
const idParams = z.object({ id: z.uuid() });
const LIST_LIMIT = 100;

export function adminPaymentRoutes(app: FastifyInstance, deps: { db: Db; recheck: (id: string) => Promise<SettleOutcome> }): void {
  const { db } = deps;
  app.get('/api/admin/payments', { config: { access: 'admin' } }, async (req): Promise<AdminPaymentList> => {
    const { status } = parseInput(listQuery, req.query);
    const rows = await db
      .select({ p: payments, userEmail: users.email })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(eq(payments.status, status))
      .orderBy(desc(payments.createdAt))
      .limit(LIST_LIMIT);
    return { payments: rows.map(({ p, userEmail }) => toAdminPayment(p, userEmail)) };
  });

  app.post('/api/admin/payments/:id/recheck', { config: { access: 'admin' } }, async (req): Promise<{ message: string; payment: AdminPayment }> => {
    const parsed = idParams.safeParse(req.params);
    if (!parsed.success) throw notFound('Payment not found');
    const [row] = await db.select({ userEmail: users.email }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(eq(payments.id, parsed.data.id));
    if (!row) throw notFound('Payment not found');
    const { payment, creditedNow } = await deps.recheck(parsed.data.id);
    await recordAudit(db, currentUser(req), 'payment.recheck', { type: 'payment', id: payment.id }, { status: payment.status, creditedNow });
    const message = creditedNow ? 'Payment verified and credited.' : `Payment is ${payment.status}.`;
    return { message, payment: toAdminPayment(payment, row.userEmail) };
  });
}

function toAdminPayment(p: typeof payments.$inferSelect, userEmail: string): AdminPayment {
  return {
    id: p.id,
    reference: p.reference,
    providerReference: p.providerReference,
    userEmail,
    amountKobo: p.amountKobo,
    status: p.status,
    statusMessage: p.statusMessage,
    checkAttempts: p.checkAttempts,
    createdAt: p.createdAt.toISOString(),
    expiresAt: p.expiresAt.toISOString(),
  };
}
