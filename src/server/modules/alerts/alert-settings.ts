// The owner's alert settings (one row the triggers read) and what the console's card shows beside them: whether a
// bot is configured, and how the alert outbox is doing.
import { eq, sql } from 'drizzle-orm';
import {
  OWNER_ALERT_KINDS,
  ownerAlertMessages,
  type OwnerAlertKind,
  type OwnerAlertSettings,
  type SaveOwnerAlertSettingsResult,
  type UpdateOwnerAlertSettings,
} from '../../../shared/owner-alerts.ts';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../../http/access.ts';
import { changes, recordAudit } from '../audit/record-audit.ts';
import { ownerAlertSettings } from './alerts.tables.ts';
import { chatHint, type TelegramSetup } from './telegram-client.ts';

type Row = { disabledKinds: string[]; minOrderKobo: number };

const kindsOf = (row: Row) =>
  Object.fromEntries(OWNER_ALERT_KINDS.map((k) => [k, !row.disabledKinds.includes(k)])) as Record<
    OwnerAlertKind,
    boolean
  >;

export async function readAlertSettings(
  db: Db,
  telegram: TelegramSetup | null,
): Promise<OwnerAlertSettings> {
  const [[row], queue] = await Promise.all([
    db.select().from(ownerAlertSettings).where(eq(ownerAlertSettings.id, 1)),
    db.execute<{
      waiting: number;
      skipped: number;
      last_error: string | null;
      last_sent_at: Date | null;
    }>(sql`
      select count(*) filter (where status in ('pending', 'sending'))::int as waiting,
             count(*) filter (where status = 'skipped')::int as skipped,
             (select last_error from owner_alerts where status in ('pending', 'sending') and last_error is not null
               order by next_attempt_at desc limit 1) as last_error,
             max(sent_at) as last_sent_at
      from owner_alerts`),
  ]);
  // No row before the first save: every kind on, every order.
  const settings = row ?? { disabledKinds: [], minOrderKobo: 0 };
  const q = queue.rows[0]!;
  return {
    telegram: {
      configured: telegram !== null,
      chatHint: telegram ? chatHint(telegram.chatId) : null,
    },
    kinds: kindsOf(settings),
    minOrderKobo: settings.minOrderKobo,
    queue: {
      waiting: q.waiting,
      skipped: q.skipped,
      lastError: q.last_error,
      lastSentAt: q.last_sent_at ? new Date(q.last_sent_at).toISOString() : null,
    },
  };
}

export async function saveAlertSettings(
  db: Db,
  telegram: TelegramSetup | null,
  actor: SessionUser,
  input: UpdateOwnerAlertSettings,
): Promise<SaveOwnerAlertSettingsResult> {
  const disabledKinds = OWNER_ALERT_KINDS.filter((k) => !input.kinds[k]);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(ownerAlertSettings)
      .where(eq(ownerAlertSettings.id, 1))
      .for('update');
    const next = { disabledKinds, minOrderKobo: input.minOrderKobo };
    await tx
      .insert(ownerAlertSettings)
      .values({ id: 1, ...next, updatedByUserId: actor.id })
      .onConflictDoUpdate({
        target: ownerAlertSettings.id,
        set: { ...next, updatedAt: sql`now()`, updatedByUserId: actor.id },
      });
    await recordAudit(
      tx,
      actor,
      'alerts.update',
      { type: 'alerts', id: null },
      changes(
        { disabledKinds: before?.disabledKinds ?? [], minOrderKobo: before?.minOrderKobo ?? 0 },
        next,
      ),
    );
  });
  return { message: ownerAlertMessages.saved, settings: await readAlertSettings(db, telegram) };
}
