// Admin view of top-ups that need attention (pending, failed, expired), the Re-check button, and the
// store's ErcasPay set-up (webhook URL, last webhook, payment mode).
import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AdminPayment, AdminPaymentList } from '../../../shared/admin-users.ts';
import type { PaymentSettings, WebhookUrl } from '../../../shared/payments.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { users } from '../auth/auth.tables.ts';
import { payments, type ProviderAnswer } from '../payments/payments.tables.ts';
import {
  readPaymentSettings,
  webhookUrl,
  type PaymentSetup,
} from '../payments/payment-settings.ts';
import type { SettleOutcome } from '../payments/settle-payment.ts';
import { recordAudit } from './record-audit.ts';

const listQuery = z.object({
  status: z.enum(['pending', 'failed', 'expired', 'completed']).default('pending'),
});
const idParams = z.object({ id: z.uuid() });
const LIST_LIMIT = 100;
const { providerAnswers: _answers, ...listColumns } = getTableColumns(payments);

type Deps = { db: Db; recheck: (id: string) => Promise<SettleOutcome>; setup: PaymentSetup };

export function adminPaymentRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  app.get(
    '/api/admin/payments/settings',
    { config: { access: 'admin' } },
    async (): Promise<PaymentSettings> => readPaymentSettings(db, deps.setup),
  );

  /** The full webhook URL carries its secret token: handed out only on the copy button's request, and audited. */
  app.post(
    '/api/admin/payments/webhook-url',
    { config: { access: 'admin' } },
    async (req): Promise<WebhookUrl> => {
      const url = webhookUrl(deps.setup);
      if (!url) throw notFound('No webhook URL: PAYMENT_WEBHOOK_TOKEN is not set');
      await recordAudit(db, currentUser(req), 'payment.webhook_url_copied', {
        type: 'settings',
        id: null,
      });
      return { webhookUrl: url };
    },
  );

  app.get(
    '/api/admin/payments',
    { config: { access: 'admin' } },
    async (req): Promise<AdminPaymentList> => {
      const { status } = parseInput(listQuery, req.query);
      const rows = await db
        // The stored answers stay in the database: the list carries only the latest one of each payment.
        .select({
          p: listColumns,
          lastAnswer: sql<ProviderAnswer | null>`${payments.providerAnswers} -> -1`,
          userEmail: users.email,
        })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(eq(payments.status, status))
        .orderBy(desc(payments.createdAt))
        .limit(LIST_LIMIT);
      return {
        payments: rows.map(({ p, lastAnswer, userEmail }) =>
          toAdminPayment({ ...p, providerAnswers: lastAnswer ? [lastAnswer] : [] }, userEmail),
        ),
      };
    },
  );

  app.post(
    '/api/admin/payments/:id/recheck',
    { config: { access: 'admin' } },
    async (req): Promise<{ message: string; payment: AdminPayment }> => {
      const parsed = idParams.safeParse(req.params);
      if (!parsed.success) throw notFound('Payment not found');
      const [row] = await db
        .select({ userEmail: users.email })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(eq(payments.id, parsed.data.id));
      if (!row) throw notFound('Payment not found');
      const { payment, creditedNow } = await deps.recheck(parsed.data.id);
      await recordAudit(
        db,
        currentUser(req),
        'payment.recheck',
        { type: 'payment', id: payment.id },
        { status: payment.status, creditedNow },
      );
      const message = creditedNow
        ? 'Payment verified and credited.'
        : `Payment is ${payment.status}.`;
      return { message, payment: toAdminPayment(payment, row.userEmail) };
    },
  );
}

function toAdminPayment(
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
