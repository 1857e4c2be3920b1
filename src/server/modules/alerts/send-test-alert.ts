// The console's "Send test message" (Settings and the Alerts card): straight to the Bot API (not through the
// outbox), with the token and chat id saved now, so the owner sees at once whether they work, with Telegram's own
// reason when they do not.
import { ownerAlertMessages, type TestOwnerAlertResult } from '../../../shared/owner-alerts.ts';
import { conflict } from '../../http/errors.ts';
import { ALERT_TIMING } from './deliver-alerts.ts';
import type { TelegramSender } from './telegram-client.ts';

export async function sendTestAlert(
  sender: TelegramSender | null,
  storeUrl: string,
): Promise<TestOwnerAlertResult> {
  if (!sender) throw conflict(ownerAlertMessages.notConfigured);
  const outcome = await sender.send(
    `✅ Test message from ${storeUrl}: owner alerts reach this chat.`,
    AbortSignal.timeout(ALERT_TIMING.sendTimeoutMs),
  );
  if (!outcome.ok) throw conflict(ownerAlertMessages.telegramRefused(outcome.error));
  return { message: ownerAlertMessages.testSent };
}
