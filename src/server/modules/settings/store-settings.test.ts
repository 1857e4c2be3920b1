// The store's settings through the console's API: saved by an admin only, with clear messages for bad values; the
// Telegram token sealed at rest and never sent back; each save audited in words; the next e-mail's subject and
// sender use the new name; and a second store process on the same database uses a saved change within 2 seconds,
// with no restart.
import crypto from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoreSettingsView, UpdateStoreSettings } from '../../../shared/store-settings.ts';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { quickAdmin, quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { FAKE_BOT_TOKEN, FAKE_CHAT_ID, startFakeTelegram } from '../../test/fake-telegram.ts';
import { testLogger } from '../../test/log-capture.ts';
import { createTestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';
import type { MailMessage, MailTransport } from '../mail/transports.ts';
import { storeSettings } from './settings.tables.ts';

const telegram = await startFakeTelegram();
afterAll(() => telegram.close());
const sent: MailMessage[] = [];
const capture: MailTransport = { name: 'capture', send: async (m) => void sent.push(m) };
const { app, db, database, config } = await createTestApp({
  env: { TELEGRAM_API_BASE: telegram.baseUrl, MAIL_FROM: 'Old Name <no-reply@shop.example>' },
  deps: { mailTransport: capture, startJobs: true },
});
const admin = await quickAdmin(db);

const base: UpdateStoreSettings = {
  storeName: 'AcctStore',
  supportWhatsapp: '+234 800 000 0000',
  supportTelegramUrl: 'https://t.me/acctstore_support',
  supportEmail: 'support@acctstore.ng',
  officeLocation: 'Lagos, Nigeria',
  telegramChatId: null,
  referralPercent: 5,
  referralMaxTopups: 3,
  warrantyHours: 48,
  lowStockThreshold: 4,
};
const save = (payload: object, cookie = admin.cookie) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: { cookie, ...SAME_ORIGIN },
    payload,
  });
const read = async () => {
  const res = await app.inject({ url: '/api/admin/settings', headers: { cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StoreSettingsView>();
};

describe('saving the settings', () => {
  it('starts from the environment, and is for admins only', async () => {
    expect(await read()).toMatchObject({ storeName: 'AcctStore', warrantyHours: 48 });
    const customer = await quickCustomer(db);
    expect((await save(base, customer.cookie)).statusCode).toBe(403);
    expect((await save(base, '')).statusCode).toBe(401);
  });

  it('refuses bad values with a message that names the field', async () => {
    const cases: [object, string][] = [
      [{ storeName: '  ' }, 'Enter the store name'],
      [{ storeName: 'A <b>' }, 'The store name cannot contain <, >, " or line breaks'],
      [{ referralPercent: 2.555 }, 'The referral percentage has at most two decimals'],
      [{ referralPercent: 101 }, 'The referral percentage is between 0 and 100'],
      [{ warrantyHours: 1.5 }, 'The warranty is a whole number of hours'],
      [{ lowStockThreshold: -1 }, 'The low-stock threshold is between 0 and 10000'],
      [{ supportTelegramUrl: 'http://evil.example' }, 'Enter a Telegram link'],
      [{ telegramBotToken: 'not-a-token' }, 'The bot token looks like 123456789:AA'],
    ];
    for (const [change, message] of cases) {
      const res = await save({ ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    expect((await read()).storeName).toBe('AcctStore');
  });

  it('seals the bot token, never answers it, and audits the change in words without it', async () => {
    const res = await save({
      ...base,
      storeName: 'Ada Accounts',
      telegramBotToken: FAKE_BOT_TOKEN,
      telegramChatId: FAKE_CHAT_ID,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(FAKE_BOT_TOKEN);
    expect(res.json().settings).toMatchObject({
      storeName: 'Ada Accounts',
      telegramBotTokenSet: true,
      telegramChatId: FAKE_CHAT_ID,
    });
    const again = await app.inject({
      url: '/api/admin/settings',
      headers: { cookie: admin.cookie },
    });
    expect(again.body).not.toContain(FAKE_BOT_TOKEN.split(':')[1]);

    const [row] = await db.select().from(storeSettings);
    expect(row!.telegramBotTokenEnc!.toString('latin1')).not.toContain(FAKE_BOT_TOKEN);
    expect(row!.telegramBotTokenEnc!.length).toBeGreaterThan(FAKE_BOT_TOKEN.length);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.update'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ actorEmail: admin.user.email, targetType: 'store_settings' });
    expect(entry!.details).toEqual({
      before: { storeName: 'AcctStore', telegramChatId: null, telegramBotToken: 'not set' },
      after: { storeName: 'Ada Accounts', telegramChatId: FAKE_CHAT_ID, telegramBotToken: 'set' },
    });
    expect(JSON.stringify(entry)).not.toContain(FAKE_BOT_TOKEN.split(':')[1]);
    const activity = await app.inject({
      url: '/api/admin/activity?area=settings',
      headers: { cookie: admin.cookie },
    });
    expect(activity.json().entries[0]).toMatchObject({ action: 'settings.update' });

    // Saved without a token: the one set stays (write-only); "Send test message" uses it.
    expect(
      (await save({ ...base, storeName: 'Ada Accounts', telegramChatId: FAKE_CHAT_ID })).json(),
    ).toMatchObject({ settings: { telegramBotTokenSet: true } });
    telegram.messages.length = 0;
    const test = await app.inject({
      method: 'POST',
      url: '/api/admin/alerts/test',
      headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(telegram.messages).toMatchObject([{ token: FAKE_BOT_TOKEN, chatId: FAKE_CHAT_ID }]);
  });

  it('puts the saved name in the next e-mail: its subject and its sender', async () => {
    expect((await save({ ...base, storeName: 'Bola Socials' })).statusCode).toBe(200);
    const email = `buyer-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: SAME_ORIGIN,
      payload: { email, password: 'secret-pass-1', confirmPassword: 'secret-pass-1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    await expect.poll(() => sent.find((m) => m.to === email), { timeout: 10_000 }).toBeTruthy();
    const mail = sent.find((m) => m.to === email)!;
    expect(mail.subject).toBe('Confirm your Bola Socials account');
    expect(mail.from).toBe('"Bola Socials" <no-reply@shop.example>');
    expect(mail.text).toContain('Welcome to Bola Socials.');
  });

  it('reaches a second store process on the same database within 2 seconds, without a restart', async () => {
    const other = connectDatabase(database.url, 3);
    const second = await buildApp({ config, database: other, logger: testLogger(config) });
    await second.ready();
    try {
      const siteName = async () =>
        (await second.inject({ url: '/api/site' })).json<{ storeName: string }>().storeName;
      await expect.poll(siteName).toBe((await read()).storeName); // started, and caught up
      const started = Date.now();
      expect((await save({ ...base, storeName: 'Chidi Market' })).statusCode).toBe(200);
      await expect.poll(siteName, { timeout: 2000, interval: 20 }).toBe('Chidi Market');
      const tookMs = Date.now() - started;
      expect(tookMs).toBeLessThan(2000);
    } finally {
      await second.close();
      await other.close();
    }
  });
});
