// Every public page and the signed-in customer's pages, as Chromium has them once the app ran: no axe violation (light
// and dark), and their HTML clean under the W3C Nu validator (vnu-jar, one run for every page). Each page is visited
// once; a page that logs a warning or an error in the console fails too (a console message is a bug someone ignored).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import axe from 'axe-core';
import type { CategoryResponse } from '../src/shared/catalogue.ts';
import { createCustomer, signIn } from './customers.ts';
import { hydrate } from './hydration.ts';

// axe is injected by the test, not served by the store: its strict CSP would refuse it.
test.use({ bypassCSP: true });
// Twenty pages, each read by axe twice, then one vnu run: 105 s on this 2-core machine shared by eight (load 28).
test.describe.configure({ timeout: 180_000 });

const publicPages = [
  '/',
  '/products',
  '/category/instagram',
  '/support',
  '/contact',
  '/about',
  '/terms',
  '/privacy',
  '/web-services',
  '/login',
  '/register',
  '/forgot-password',
  '/developers',
  '/no-such-page',
];
/** Rendered on the server: the app takes them over on the first sign of use. */
const serverRendered = (p: string) =>
  !['/login', '/register', '/forgot-password', '/developers'].includes(p);

/**
 * The HTML Standard allows blocking="render" on <link rel="expect"> (#link-type-expect, 2024; Chrome 124+): the one
 * message of this vnu (26.9) that is the validator behind the standard, not the page wrong. Only that message.
 */
const NOT_YET_KNOWN_TO_VNU =
  /^A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\.$/;

type Violation = { page: string; theme: string; id: string; help: string; nodes: string[] };

async function axeViolations(page: Page, name: string): Promise<Violation[]> {
  await page.addScriptTag({ content: axe.source });
  // The theme switches at once: a colour caught halfway through a transition is not the page's colour.
  await page.addStyleTag({
    content: '*,*::before,*::after{transition:none!important;animation:none!important}',
  });
  const found: Violation[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => {
      document.documentElement.classList.toggle('dark', dark);
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    }, theme === 'dark');
    await page.emulateMedia({ colorScheme: theme });
    // Every rule in light; in dark only the colours change, so only contrast is checked again.
    const violations = await page.evaluate(async (onlyContrast) => {
      const w = window as unknown as { axe: typeof axe };
      const r = await w.axe.run(document, {
        resultTypes: ['violations'],
        ...(onlyContrast ? { runOnly: ['color-contrast'] } : {}),
      });
      return r.violations.map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      }));
    }, theme === 'dark');
    found.push(...violations.map((v) => ({ page: name, theme, ...v })));
  }
  return found;
}

test('every public and signed-in page passes axe (light and dark) and the W3C Nu validator', async ({
  page,
}) => {
  const console: string[] = [];
  page.on('console', (m) => {
    // The not-found page is expected to say so (its 404 and the app's note of it).
    if ((m.type() === 'warning' || m.type() === 'error') && !page.url().includes('/no-such-page'))
      console.push(`${page.url()}: ${m.text()}`);
  });
  const html = new Map<string, string>();
  const violations: Violation[] = [];
  const visit = async (url: string, ready: () => Promise<void>) => {
    await page.goto(url);
    await ready();
    html.set(url, await page.content());
    violations.push(...(await axeViolations(page, url)));
  };
  const heading = () => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const instagram = (await (
    await page.request.get('/api/catalogue/categories/instagram')
  ).json()) as CategoryResponse;
  const group = instagram.groups.find((g) => g.sampleAccounts.length > 0)!;
  for (const url of [...publicPages, `/product/${group.sampleAccounts[0]!.id}`])
    await visit(url, async () => {
      await heading();
      if (serverRendered(url) && !url.startsWith('/no-such')) await hydrate(page);
    });

  const customer = await createCustomer(page, 'validity');
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const url of [
    '/dashboard',
    '/wallet',
    '/orders',
    `/checkout?group=${group.id}&quantity=1`,
    '/profile',
  ])
    await visit(url, async () => {
      await heading();
      await page.waitForLoadState('networkidle');
    });

  expect(violations).toEqual([]);
  expect(console).toEqual([]);

  // One Java start for every page (each a file named after its address).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
  const files = [...html].map(([url, text], i) => {
    const file = path.join(dir, `${i}-${url.replace(/[^a-z0-9]+/gi, '_')}.html`);
    // The markup is what is checked: the stylesheet Vite inlines is Tailwind's build, in CSS newer than the
    // validator's CSS checker knows (@property, margin-trim), and it would triple the run.
    fs.writeFileSync(file, text.replace(/(<style[^>]*>)[\s\S]*?<\/style>/g, '$1</style>'));
    return file;
  });
  const vnu = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');
  const run = await promisify(execFile)(
    'java',
    [
      '-jar',
      vnu,
      '--errors-only',
      '--no-langdetect',
      '--format',
      'json',
      '--exit-zero-always',
      ...files,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const { messages } = JSON.parse(run.stderr) as {
    messages: { url: string; message: string; extract?: string }[];
  };
  expect(
    messages
      .filter((m) => !NOT_YET_KNOWN_TO_VNU.test(m.message))
      .map((m) => `${path.basename(m.url)}: ${m.message} ${m.extract ?? ''}`.trim()),
  ).toEqual([]);
  expect(files.length).toBe(publicPages.length + 1 + 5);
});

test('/developers fits a 375 px phone: no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/developers');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
