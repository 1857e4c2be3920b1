// Public pages arrive as HTML: readable with JavaScript off, taken over by React without a console error or a layout
// shift, and usable afterwards; a product link carries its name and price for link previews.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inboxSuccessMessages } from '../src/shared/inbox.ts';
import { createCustomer, fillSignIn } from './customers.ts';
import { contactForm, fillContactForm } from './contact-form.ts';

const publicPages: { path: string; h1: string | RegExp; text: string }[] = [
  { path: '/', h1: /Ready-made social media accounts/, text: 'What we offer' },
  { path: '/products', h1: 'Products', text: '₦3,500.00' },
  { path: '/category/instagram', h1: 'Instagram', text: 'Instagram 1K Followers' },
  { path: '/web-services', h1: /professional website/, text: '₦50,000' },
  { path: '/support', h1: /How can we help/, text: 'Frequently Asked Questions' },
  { path: '/contact', h1: /Get in touch/, text: 'Lagos, Nigeria' },
  { path: '/about', h1: /About AcctStore/, text: 'Our story' },
  { path: '/terms', h1: /Terms of Service/, text: 'at least 18 years old' },
  { path: '/privacy', h1: /Privacy Policy/, text: 'Your rights' },
];

async function firstAccount(request: APIRequestContext): Promise<{ id: string; username: string }> {
  const res = await request.get('/api/catalogue/categories/instagram');
  const body = (await res.json()) as {
    groups: { name: string; sampleAccounts: { id: string; username: string }[] }[];
  };
  const group = body.groups.find((g) => g.name === 'Instagram 1K Followers')!;
  return group.sampleAccounts[0]!;
}

/** Sums the layout shifts of the page from its first paint (the CLS of a page that is not scrolled). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}

test('with JavaScript off, every public page shows its heading and content', async ({
  browser,
  request,
}) => {
  const account = await firstAccount(request);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  for (const { path, h1, text } of [
    ...publicPages,
    { path: `/product/${account.id}`, h1: account.username, text: '₦3,500.00' },
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toContainText(h1);
    await expect(page.getByText(text).first(), path).toBeVisible();
  }
  await context.close();
});

/** Opens the page on a phone, then: no console error, no layout shift, and the theme control answers. */
async function expectCleanHydration(page: Page, path: string, h1: string | RegExp) {
  await page.setViewportSize({ width: 375, height: 740 });
  const errors: string[] = [];
  page.on('console', (m) => {
    // None at all: the page says who it was rendered for, and asking again answers a visitor without a 401.
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const shifts = await watchLayoutShifts(page);

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(h1);
  // The visitor's first tap brings the app's code in; the tap itself is held and made again once React has the page.
  await page.getByRole('button', { name: /Switch to dark/ }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.waitForLoadState('networkidle');
  expect(await shifts()).toBe(0);
  expect(errors).toEqual([]);
}

for (const { path, h1 } of publicPages) {
  test(`${path} hydrates without a console error or a layout shift and then answers the visitor`, async ({
    page,
  }) => {
    await expectCleanHydration(page, path, h1);
  });
}

test('a product page hydrates without a console error or a layout shift and then answers the visitor', async ({
  page,
  request,
}) => {
  const account = await firstAccount(request);
  await expectCleanHydration(page, `/product/${account.id}`, account.username);
});

test("a visitor's page runs the app's code only once it has loaded, and hydrates untouched while the visitor reads", async ({
  page,
}) => {
  // What had run when the page finished loading: the first paint and the load never wait for the app's code.
  await page.addInitScript(() => {
    addEventListener('load', () => {
      (window as unknown as { atLoad: number }).atLoad =
        document.querySelectorAll('script[type="module"]').length;
    });
  });
  await page.goto('/products');
  expect(await page.evaluate(() => (window as unknown as { atLoad: number }).atLoad)).toBe(0);
  // Nobody touches the page: the code arrives and React takes the page over while the visitor reads.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  expect(await page.evaluate(() => document.querySelectorAll('script[type="module"]').length)).toBe(
    1,
  );
  // A link works all along, as a link.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }),
  ).toHaveAttribute('href', '/products');
  // And the page answers: scrolling turns the navbar opaque over the page.
  await page.mouse.wheel(0, 600);
  await expect(page.getByRole('banner')).not.toHaveClass(/bg-transparent/);
});

test('a tap made before the app has arrived shows at once that it was taken, and the app answers it', async ({
  page,
}) => {
  const release = await holdAppCode(page);
  await page.goto('/products');
  const buy = page
    .getByRole('article', { name: 'Instagram 1K Followers' })
    .getByRole('button', { name: 'Buy Now' });
  await buy.click();
  // Drawn busy after the tap (index.html's loader), not when the code comes; the page says it is busy.
  await expect(buy).toHaveCSS('cursor', 'progress');
  await expect(buy).toHaveCSS('outline-style', 'solid');
  await expect(page.locator('#root')).toHaveAttribute('aria-busy', 'true');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(
    false,
  );
  release();
  // No second tap: the held one is made again, and a visitor goes to sign in.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('style[data-pending]')).toHaveCount(0);
  await expect(page.locator('#root')).not.toHaveAttribute('aria-busy', 'true');
});

test('a signed-in customer opening a public page sees their own navbar without touching it', async ({
  page,
}) => {
  const customer = await createCustomer(page, 'ssr');
  const signedIn = await page.request.post('/api/auth/login', { data: customer });
  expect(signedIn.ok()).toBe(true);
  await page.goto('/products');
  // The server rendered the customer's own page; with a session, the app runs at once.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

/** Holds the app's code on the way (a slow network), so that what a test does meanwhile happens on the server's HTML. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a quantity typed and left before the app has arrived is brought within its limits once it has', async ({
  page,
}) => {
  const release = await holdAppCode(page);
  await page.goto('/products');
  const quantity = page
    .getByRole('article', { name: 'Instagram 1K Followers' })
    .getByLabel('Quantity');
  await quantity.fill('99');
  await quantity.blur();
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await expect(quantity).toHaveValue('1');
});

test('a signed-in customer who writes and sends a message before the app has the page has it sent', async ({
  page,
}) => {
  const customer = await createCustomer(page, 'earlytyped');
  const signedIn = await page.request.post('/api/auth/login', { data: customer });
  expect(signedIn.ok()).toBe(true);
  // With a session the app runs at once (data-hydrate-now); what is done in the moment before it has the page counts.
  await sendContactBeforeTheApp(page, customer.email, 'Signed in, before the app');
});

test('a quantity typed before the app has arrived, then Buy Now, buys that quantity after sign-in', async ({
  page,
}) => {
  const customer = await createCustomer(page, 'earlytap');
  const release = await holdAppCode(page);
  await page.goto('/products');
  const card = page.getByRole('article', { name: 'Instagram 5K Followers' });
  await card.getByLabel('Quantity').fill('2');
  // The tap leaves the field and is held until the app runs; then it goes where the visitor meant, with their 2.
  await card.getByRole('button', { name: 'Buy Now' }).click();
  release();
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/checkout\?group=[0-9a-f-]+&quantity=2$/);
});

test('a visitor who fills the contact form and presses Send before the app has arrived has the message sent', async ({
  page,
}) => {
  await sendContactBeforeTheApp(page, 'ngozi@example.com', 'Before the app');
});

/** Fills the contact form and presses Send while the app's code is held; the message is sent once it has run. */
async function sendContactBeforeTheApp(page: Page, email: string, subject: string): Promise<void> {
  const release = await holdAppCode(page);
  await page.goto('/contact');
  const form = contactForm(page);
  await fillContactForm(form, {
    name: 'Ngozi',
    email,
    subject,
    message: 'Typed and sent before any of the code had run.',
  });
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(
    false,
  );
  release();
  // The held press is made again once the app has the page, with what was typed.
  await expect(page.getByText(inboxSuccessMessages.contact).first()).toBeVisible();
}

test('the products page filters as the visitor types, right after it arrives', async ({ page }) => {
  await page.goto('/products?q=youtube');
  // The search in the address is part of the server's HTML already.
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByLabel('Search products').fill('instagram');
  await expect(page.getByRole('article', { name: 'Instagram 1K Followers' })).toBeVisible();
  await expect(page).toHaveURL(/q=instagram/);
});

test("a product link's preview tags carry its name, price and availability", async ({
  request,
}) => {
  const account = await firstAccount(request);
  const res = await request.get(`/product/${account.id}`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  const meta = (key: string) =>
    new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
  expect(meta('og:title')).toBe(`${account.username} · Instagram 1K Followers`);
  expect(meta('og:description')).toContain('₦3,500.00');
  expect(meta('product:price:amount')).toBe('3500.00');
  expect(meta('product:price:currency')).toBe('NGN');
  expect(meta('product:availability')).toBe('in stock');
  expect(meta('twitter:title')).toContain(account.username);
  expect(meta('twitter:data1')).toBe('₦3,500.00');
  // The picture of the preview: an absolute address, a PNG (WhatsApp shows no SVG), there.
  const image = meta('og:image')!;
  expect(image).toMatch(/^https?:\/\/[^/]+\/og-image\.png$/);
  const picture = await request.get(new URL(image).pathname);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');
  expect(meta('twitter:card')).toBe('summary_large_image');
});

test('the web manifest is linked once the page has painted, with the 192 and 512 px icons', async ({
  page,
}) => {
  // Not in the HTML: the browser would fetch it and its icon while the page's body is still on its way.
  expect(await (await page.request.get('/about')).text()).not.toContain('rel="manifest"');
  await page.goto('/about');
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveAttribute('href', '/site.webmanifest');
  const manifest = (await (await page.request.get('/site.webmanifest')).json()) as {
    icons: { sizes: string }[];
  };
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
});

test("the saved theme applies from the HTML itself, before any of the app's code has arrived", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  // No module script ever arrives: what runs is index.html's inline theme script, allowed by its CSP hash.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/About AcctStore/);
  await expect(page.locator('html')).toHaveClass(/dark/);
  // The theme control shows the dark theme's icon (the moon), not the default's (the sun), from the HTML alone.
  const icons = page.getByRole('button', { name: /^Theme:/ }).locator('svg');
  await expect(icons).toHaveCount(3);
  await expect(icons.nth(0)).toBeHidden();
  await expect(icons.nth(1)).toBeVisible();
  await expect(icons.nth(2)).toBeHidden();
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
});

test('an unknown address and a product that is not there answer 404 with the 404 page', async ({
  page,
}) => {
  const missing = await page.goto('/no/such/page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  const gone = await page.goto('/product/00000000-0000-4000-8000-000000000000');
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
});
