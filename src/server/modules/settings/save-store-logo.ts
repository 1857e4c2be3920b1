// The store's logo: an uploaded PNG, JPEG or WebP (its first bytes must say what its type says), kept in the
// settings row, so every process serves the same one. Audited; every process hears of it like any setting.
import { sql } from 'drizzle-orm';
import {
  LOGO_MAX_BYTES,
  storeSettingsMessages,
  type LogoType,
  type SaveStoreSettingsResult,
  type UpdateStoreLogo,
} from '../../../shared/store-settings.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import type { LiveSettings } from './live-settings.ts';
import { storeSettings } from './settings.tables.ts';
import { settingsView } from './store-settings.ts';

const SIGNATURES: Record<LogoType, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
};

export function decodeLogo(dataUrl: string): { type: LogoType; bytes: Buffer } {
  const [head = '', base64 = ''] = dataUrl.split(',', 2);
  const type = head.slice('data:'.length, head.indexOf(';')) as LogoType;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(storeSettingsMessages.logoTooLarge);
  if (!SIGNATURES[type]?.(bytes)) throw badRequest(storeSettingsMessages.logoNotImage);
  return { type, bytes };
}

export async function saveStoreLogo(
  { db, live }: { db: Db; live: LiveSettings },
  actor: AuditActor,
  input: UpdateStoreLogo,
): Promise<SaveStoreSettingsResult> {
  const logo = input.image === null ? null : decodeLogo(input.image);
  await db.transaction(async (tx) => {
    const set = {
      logo: logo?.bytes ?? null,
      logoType: logo?.type ?? null,
      updatedAt: sql`now()`,
      updatedByUserId: actor.id,
    };
    await tx
      .insert(storeSettings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: storeSettings.id, set });
    await recordAudit(
      tx,
      actor,
      'settings.logo',
      { type: 'store_settings', id: null },
      logo ? { type: logo.type, bytes: logo.bytes.length } : { removed: true },
    );
  });
  await live.reload();
  return {
    message: logo ? storeSettingsMessages.logoSaved : storeSettingsMessages.logoRemoved,
    settings: settingsView(live.current()),
  };
}
