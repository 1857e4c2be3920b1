// Delete my account: the person's data goes (name, e-mail, password, sessions, tokens, their messages and
// e-mails); the user row stays, anonymised, because orders, ledger rows and sold accounts point at it and the
// books must still balance. A remaining balance stays on that row: the store cannot pay it out by itself, so
// the page shows it (with the support contact) first, and deletion refuses if it changed since.
// One transaction across the domains that hold the person: auth, inbox, mail, rate limits, webhooks.
import type { Db } from '../../db/client.ts';
import { forgetHitsOf } from '../../http/rate-limit.ts';
import { anonymiseUser } from '../auth/anonymise-user.ts';
import { checkPassword } from '../auth/check-password.ts';
import { forgetMessagesFrom } from '../inbox/forget-sender.ts';
import { forgetEmailsOf } from '../mail/outbox.ts';
import { forgetWebhooksOf } from '../webhooks/remove-webhook.ts';

export async function deleteAccount(
  db: Db,
  userId: string,
  input: { password: string; shownBalanceKobo: number },
): Promise<void> {
  await checkPassword(db, userId, input.password);
  await db.transaction(async (tx) => {
    const email = await anonymiseUser(tx, userId, input.shownBalanceKobo);
    if (email === null) return;
    await forgetMessagesFrom(tx, email);
    await forgetEmailsOf(tx, userId, email);
    await forgetHitsOf(tx, email);
    await forgetWebhooksOf(tx, userId);
  });
}
