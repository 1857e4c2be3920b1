// Saves the console's settings: one transaction writes the row and its audit line (before → after, only what
// changed; the Telegram token never, only whether one is set), the trigger tells every process at commit, and
// this process reads them again before answering, so its own answer and next page already use them.
import { eq, sql } from 'drizzle-orm';
import {
  storeSettingsMessages,
  type SaveStoreSettingsResult,
  type UpdateStoreSettings,
} from '../../../shared/store-settings.ts';
import type { Db } from '../../db/client.ts';
import { changes, recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import type { LiveSettings } from './live-settings.ts';
import { fromRow, toColumns } from './read-store-settings.ts';
import { storeSettings } from './settings.tables.ts';
import { settingsView, type StoreSettings } from './store-settings.ts';

type Deps = { db: Db; cipher: CredentialCipher; live: LiveSettings; env: StoreSettings };

export async function saveStoreSettings(
  { db, cipher, live, env }: Deps,
  actor: AuditActor,
  input: UpdateStoreSettings,
): Promise<SaveStoreSettingsResult> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.id, 1))
      .for('update');
    const before = fromRow(row, env, cipher);
    const { telegramBotToken: newToken, ...fields } = input;
    const next = {
      ...fields,
      telegramBotToken: newToken === undefined ? before.telegramBotToken : newToken,
    };
    const columns = toColumns(next, cipher);
    await tx
      .insert(storeSettings)
      .values({ id: 1, ...columns, updatedByUserId: actor.id })
      .onConflictDoUpdate({
        target: storeSettings.id,
        set: { ...columns, updatedAt: sql`now()`, updatedByUserId: actor.id },
      });
    await recordAudit(
      tx,
      actor,
      'settings.update',
      { type: 'store_settings', id: null },
      changes(audited(before), {
        ...audited({ ...before, ...next }),
        ...(newToken ? { telegramBotToken: before.telegramBotToken ? 'replaced' : 'set' } : {}),
      }),
    );
  });
  await live.reload();
  return { message: storeSettingsMessages.saved, settings: settingsView(live.current()) };
}

const AUDITED = [
  'storeName',
  'supportWhatsapp',
  'supportTelegramUrl',
  'supportEmail',
  'officeLocation',
  'telegramChatId',
  'referralPercent',
  'referralMaxTopups',
  'warrantyHours',
  'lowStockThreshold',
] as const;

/** What the audit line may hold: every setting, the token only as "set" or "not set". */
function audited(s: Omit<StoreSettings, 'logo' | 'updatedAt'>): Record<string, unknown> {
  return {
    ...Object.fromEntries(AUDITED.map((k) => [k, s[k]])),
    telegramBotToken: s.telegramBotToken ? 'set' : 'not set',
  };
}
