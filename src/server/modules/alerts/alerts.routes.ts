// The console's owner-alerts card: the settings (which kinds, from which order amount), whether Telegram is
// configured, and a test message.
import type { FastifyInstance } from 'fastify';
import {
  ownerAlertSettingsSchema,
  saveOwnerAlertSettingsResultSchema,
  testOwnerAlertResultSchema,
  updateOwnerAlertSettingsSchema,
  type OwnerAlertSettings,
  type SaveOwnerAlertSettingsResult,
  type TestOwnerAlertResult,
} from '../../../shared/owner-alerts.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { answers } from '../../http/response-schemas.ts';
import { parseInput } from '../../http/validate.ts';
import { readAlertSettings, saveAlertSettings } from './alert-settings.ts';
import { sendTestAlert } from './send-test-alert.ts';
import type { TelegramSender, TelegramSetup } from './telegram-client.ts';

type Deps = {
  db: Db;
  /** The bot as the store's settings name it now (Settings), or null when none is set. */
  telegram: () => TelegramSetup | null;
  sender: () => TelegramSender | null;
  publicUrl: string;
};

export function alertRoutes(app: FastifyInstance, deps: Deps): void {
  const { db, telegram } = deps;
  app.get(
    '/api/admin/alerts',
    { config: { access: 'admin' }, ...answers({ 200: ownerAlertSettingsSchema }) },
    async (): Promise<OwnerAlertSettings> => readAlertSettings(db, telegram()),
  );

  app.put(
    '/api/admin/alerts',
    { config: { access: 'admin' }, ...answers({ 200: saveOwnerAlertSettingsResultSchema }) },
    async (req): Promise<SaveOwnerAlertSettingsResult> =>
      saveAlertSettings(
        db,
        telegram(),
        currentUser(req),
        parseInput(updateOwnerAlertSettingsSchema, req.body),
      ),
  );

  app.post(
    '/api/admin/alerts/test',
    { config: { access: 'admin' }, ...answers({ 200: testOwnerAlertResultSchema }) },
    async (): Promise<TestOwnerAlertResult> => sendTestAlert(deps.sender(), deps.publicUrl),
  );
}
