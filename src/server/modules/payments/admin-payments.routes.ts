// Admin view of top-ups that need attention (pending, failed, expired), the Re-check button, and the
// store's ErcasPay set-up (webhook URL, last webhook, payment mode).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminPaymentListSchema,
  recheckPaymentResultSchema,
  type AdminPaymentList,
  type RecheckPaymentResult,
} from '../../../shared/admin-users.ts';
import {
  paymentSettingsSchema,
  webhookUrlSchema,
  type PaymentSettings,
  type WebhookUrl,
} from '../../../shared/payments.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { parseId } from '../../http/params.ts';
import { parseInput } from '../../http/validate.ts';
import { readPaymentSettings, type PaymentSetup } from './payment-settings.ts';
import { listAdminPayments, PAYMENT_NOT_FOUND } from './read-admin-payments.ts';
import { recheckPayment } from './recheck-payment.ts';
import { revealWebhookUrl } from './reveal-webhook-url.ts';
import type { SettleOutcome } from './settle-payment.ts';
import { answers } from '../../http/response-schemas.ts';

const listQuery = z.object({
  status: z.enum(['pending', 'failed', 'expired', 'completed']).default('pending'),
});

type Deps = { db: Db; recheck: (id: string) => Promise<SettleOutcome>; setup: PaymentSetup };

export function adminPaymentRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  app.get(
    '/api/admin/payments/settings',
    { config: { access: 'admin' }, ...answers({ 200: paymentSettingsSchema }) },
    async (): Promise<PaymentSettings> => readPaymentSettings(db, deps.setup),
  );

  app.post(
    '/api/admin/payments/webhook-url',
    { config: { access: 'admin' }, ...answers({ 200: webhookUrlSchema }) },
    async (req): Promise<WebhookUrl> => ({
      webhookUrl: await revealWebhookUrl(db, deps.setup, currentUser(req)),
    }),
  );

  app.get(
    '/api/admin/payments',
    { config: { access: 'admin' }, ...answers({ 200: adminPaymentListSchema }) },
    async (req): Promise<AdminPaymentList> =>
      listAdminPayments(db, parseInput(listQuery, req.query).status),
  );

  app.post(
    '/api/admin/payments/:id/recheck',
    { config: { access: 'admin' }, ...answers({ 200: recheckPaymentResultSchema }) },
    async (req): Promise<RecheckPaymentResult> =>
      recheckPayment(db, deps.recheck, currentUser(req), parseId(req.params, PAYMENT_NOT_FOUND)),
  );
}
