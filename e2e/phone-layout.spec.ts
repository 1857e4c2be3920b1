// Every page at 375 px, as a visitor, a customer and an admin: the page is never wider than the screen
// (tables scroll inside their own box), a customer sees the wallet balance on every signed-in page, and every
// tab of the admin console fits. Pages come from the route table and tabs from the console's tab list, so
// new ones are walked without touching this file.
import { expect, test, type Page } from '@playwright/test';
import { routeTable } from '../src/client/app/route-table.ts';
import { createCustomer, signIn, signInAsAdmin } from './customers.ts';

test.describe.configure({ timeout: 180_000 });
const PHONE = { width: 375, height: 800 };
const visitorOnly = new Set<string>(
  routeTable.filter((r) => r.access === 'visitor').map((r) => r.path),
);

/** A concrete URL for every route: parameters filled from the live catalogue, '*' as an unknown page. */
async function everyUrl(page: Page): Promise<string[]> {
  const catalogue = (await (await page.request.get('/api/catalogue')).json()) as {
    categories: { id: string }[];
  };
  const categoryId = catalogue.categories[0]!.id;
  const category = (await (
    await page.request.get(`/api/catalogue/categories/${categoryId}`)
  ).json()) as Record<string, unknown>;
  const accountId = /"id":"([0-9a-f-]{36})"[^{}]*"username"/.exec(JSON.stringify(category))?.[1];
  return routeTable.map((r) =>
    r.path === '*'
      ? '/no-such-page'
      : r.path
          .replace(':categoryId', categoryId)
          .replace(':productId', accountId ?? '00000000-0000-0000-0000-000000000000')
          .replace(/\/\*$/, ''),
  );
}

/** How far the page reaches past the right edge of the screen, in CSS pixels (0 when it fits). */
async function overflow(page: Page): Promise<number> {
  // Lazy pages: wait until the page shows its heading (or give up and measure what is there).
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'visible', timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(150);
  return page.evaluate(
    () =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth,
  );
}

async function walk(page: Page, urls: string[], check?: (url: string) => Promise<void>) {
  const wide: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    const extra = await overflow(page);
    if (extra > 0) wide.push(`${url} (${page.url()}) is ${extra}px wider than the screen`);
    await check?.(url);
  }
  expect(wide).toEqual([]);
}

test('as a visitor, every page fits 375 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await walk(page, await everyUrl(page));
});

test('as a customer, every page fits 375 px and shows the wallet balance', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const { email, password } = await createCustomer(page, 'phone');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await walk(page, await everyUrl(page), async (url) => {
    if (visitorOnly.has(url)) return; // a signed-in user is sent on from these before the page shows
    await expect(
      page.getByRole('link', { name: /^Wallet balance ₦/ }),
      `wallet balance on ${url}`,
    ).toBeVisible();
  });
});

test('as an admin, every page and every console tab fits 375 px', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page);
  await walk(page, await everyUrl(page));

  await page.goto('/admin');
  // Every section of the console, and every view of each: the sections wrap (no sideways scroll), the views' tabs
  // scroll inside their own list.
  const sections = page.getByRole('navigation', { name: 'Console sections' }).getByRole('link');
  await expect(sections.first()).toBeVisible();
  const sectionCount = await sections.count();
  expect(sectionCount).toBe(6);
  const wide: string[] = [];
  for (let s = 0; s < sectionCount; s++) {
    const section = sections.nth(s);
    const sectionName = await section.innerText();
    await section.click();
    await expect(section).toHaveAttribute('aria-current', 'page');
    const tabs = page.getByRole('tablist', { name: `${sectionName} views` }).getByRole('tab');
    // By position: a tab's name carries a live count ("Inbox (2)") that other tests can change meanwhile.
    const count = await tabs.count();
    for (let i = 0; i < Math.max(count, 1); i++) {
      const name = count ? await tabs.nth(i).innerText() : sectionName;
      if (count) {
        await tabs.nth(i).click();
        await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
      }
      await page.waitForTimeout(300);
      const extra = await overflow(page);
      if (extra > 0)
        wide.push(`admin view ${sectionName} / ${name} is ${extra}px wider than the screen`);
    }
  }
  expect(wide).toEqual([]);

  // Opened straight on a section's last view (a link, a reload), that tab is scrolled into view in its own list.
  await page.goto('/admin/catalogue/categories');
  const last = page.getByRole('tablist', { name: 'Catalogue views' }).getByRole('tab').last();
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect(last).toBeInViewport({ ratio: 0.8 });
});
