// The console's Settings (admins only): read them (the bot token only as set or not), save them, upload the logo;
// and the logo itself, public (the header, e-mails, the favicon and link previews show it).
import type { FastifyInstance } from 'fastify';
import { STORE_LOGO_PATH } from '../../../shared/store-brand.ts';
import {
  saveStoreSettingsResultSchema,
  storeSettingsSchema,
  updateStoreLogoSchema,
  updateStoreSettingsSchema,
  type SaveStoreSettingsResult,
  type StoreSettingsView,
  LOGO_TYPES,
} from '../../../shared/store-settings.ts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { answers, textAnswer } from '../../http/response-schemas.ts';
import { parseInput } from '../../http/validate.ts';
import type { CredentialCipher } from '../stock/credential-cipher.ts';
import type { LiveSettings } from './live-settings.ts';
import { saveStoreLogo } from './save-store-logo.ts';
import { saveStoreSettings } from './save-store-settings.ts';
import { settingsView, type StoreSettings } from './store-settings.ts';

type Deps = { db: Db; cipher: CredentialCipher; live: LiveSettings; env: StoreSettings };

export function settingsRoutes(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/api/admin/settings',
    { config: { access: 'admin' }, ...answers({ 200: storeSettingsSchema }) },
    async (): Promise<StoreSettingsView> => {
      await deps.live.reload();
      return settingsView(deps.live.current());
    },
  );

  app.put(
    '/api/admin/settings',
    { config: { access: 'admin' }, ...answers({ 200: saveStoreSettingsResultSchema }) },
    async (req): Promise<SaveStoreSettingsResult> =>
      saveStoreSettings(deps, currentUser(req), parseInput(updateStoreSettingsSchema, req.body)),
  );

  app.put(
    '/api/admin/settings/logo',
    { config: { access: 'admin' }, ...answers({ 200: saveStoreSettingsResultSchema }) },
    async (req): Promise<SaveStoreSettingsResult> =>
      saveStoreLogo(deps, currentUser(req), parseInput(updateStoreLogoSchema, req.body)),
  );

  app.get(
    STORE_LOGO_PATH,
    { config: { access: 'public' }, ...answers({ 200: textAnswer(...LOGO_TYPES) }) },
    async (_req, reply) => {
      const logo = deps.live.current().logo;
      if (!logo) throw notFound('The store has no logo');
      // Its address names its version (?v=), so a new logo is a new address.
      return reply
        .type(logo.type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(logo.bytes);
    },
  );
}
