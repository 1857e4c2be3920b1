// The owner renames the store in the console's Settings: with no restart, the server-rendered home page's title says
// the new name, and so does the subject of the next e-mail (the local mailbox). The name is put back at the end,
// since the other specs read the store's pages. Then Settings at 375 and 1280 px, light and dark.
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './customers.ts';
import { e2eAdmin } from '../playwright.config.ts';

test.describe.configure({ timeout: 90_000 });

async function openSettings(page: Page) {
  await page.goto('/admin/settings/store');
  await expect(page.getByLabel('Store name')).toBeVisible();
}

async function saveName(page: Page, name: string) {
  await page.getByLabel('Store name').fill(name);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved: the store uses them now.')).toBeVisible();
}

test('a store name saved in Settings is in the title of / and in the next e-mail, with no restart', async ({
  page,
  playwright,
  baseURL,
}) => {
  const name = `Ngozi Accounts ${crypto.randomBytes(2).toString('hex')}`;
  await signInAsAdmin(page);
  await openSettings(page);
  // A visitor's copy of / first, so that the page the server keeps is the one with the old name.
  const visitor = await playwright.request.newContext({ baseURL });
  expect(await (await visitor.get('/')).text()).toContain('<title>AcctStore');
  try {
    await saveName(page, name);

    const html = await (await visitor.get('/')).text();
    expect(html).toContain(
      `<title>${name} — Buy ready-made social media accounts in Nigeria</title>`,
    );
    expect(html).toContain(`<meta property="og:site_name" content="${name}" />`);

    const asked = await visitor.post('/api/auth/forgot-password', {
      headers: { origin: baseURL! },
      data: { email: e2eAdmin.email },
    });
    expect(asked.status()).toBe(200);
    await expect
      .poll(async () => {
        const res = await page.request.get('/api/dev/mailbox');
        const { messages } = (await res.json()) as { messages: { to: string; subject: string }[] };
        return messages.filter((m) => m.to === e2eAdmin.email).map((m) => m.subject);
      })
      .toContain(`Reset your ${name} password`);

    // The console's own header follows on the next page load.
    await page.reload();
    await expect(page.getByRole('link', { name })).toBeVisible();
  } finally {
    await openSettings(page);
    await saveName(page, 'AcctStore');
    await visitor.dispose();
  }
});

for (const width of [375, 1280])
  for (const theme of ['light', 'dark'])
    test(`Settings at ${width} px, ${theme}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signInAsAdmin(page);
      await openSettings(page);
      await expect(page.getByRole('button', { name: 'Send test message' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({
        path: `.tmp/screenshots/settings-${width}-${theme}.png`,
        fullPage: true,
      });
      // The same, a screen at a time, to look at closely.
      for (const [i, part] of ['Store', 'Telegram owner bot', 'Orders and stock'].entries()) {
        await page.getByRole('group', { name: part, exact: true }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `.tmp/screenshots/settings-${width}-${theme}-${i + 1}.png` });
      }
    });
