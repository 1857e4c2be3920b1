// The webhook URL (with its secret token) for the admin's copy button, audited each time.
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { webhookUrl, type PaymentSetup } from './payment-settings.ts';

/** The full webhook URL carries its secret token: handed out only on the copy button's request, and audited. */
export async function revealWebhookUrl(
  db: Db,
  setup: PaymentSetup,
  actor: AuditActor,
): Promise<string> {
  const url = webhookUrl(setup);
  if (!url) throw notFound('No webhook URL: PAYMENT_WEBHOOK_TOKEN is not set');
  await recordAudit(db, actor, 'payment.webhook_url_copied', { type: 'settings', id: null });
  return url;
}
