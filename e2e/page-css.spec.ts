// A rendered page carries inline only its own rules of the stylesheet (src/server/modules/pages/page-css.ts), and
// index.html's loader adds the whole stylesheet before the app runs (src/client/app/boot/load-app.ts). Here, in
// Chromium: every rendered page looks exactly as it does with the whole stylesheet (every computed style of every
// element, light and dark, phone and desktop), and the app runs only once the whole stylesheet is in.
import { expect, test, type Page, type Route } from '@playwright/test';
import type { CategoryResponse } from '../src/shared/catalogue.ts';
import { paths, publicPagePaths } from '../src/shared/paths.ts';
import { createCustomer, signIn } from './customers.ts';
import { hydrate } from './hydration.ts';

// A dozen pages, each drawn four ways twice over.
test.describe.configure({ timeout: 120_000 });

/** The whole stylesheet's address, as the page names it for the loader. */
const restOf = (page: Page) => page.locator('style[data-rest]').getAttribute('data-rest');

/** Holds back every request for the built stylesheet (so the loader never gets it and the app never runs). */
async function holdStylesheet(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route(/\/assets\/index-[^/]+\.css$/, (route) => void held.push(route));
  return async () => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.all(held.map((r) => r.abort().catch(() => {})));
  };
}

const ways = [
  { width: 1280, theme: 'light' },
  { width: 1280, theme: 'dark' },
  { width: 375, theme: 'light' },
  { width: 375, theme: 'dark' },
] as const;

/**
 * Every way's computed styles of every element, with the page's own rules only and then with the whole stylesheet
 * added after them (as the loader adds it): the differences, at most a few per way.
 */
async function differencesWithTheWholeStylesheet(page: Page, css: string): Promise<string[]> {
  // A colour caught halfway through a transition is not the page's colour.
  await page.addStyleTag({
    content: '*,*::before,*::after{transition:none!important;animation:none!important}',
  });
  const draw = async (step: 'own' | 'whole') => {
    for (const way of ways) {
      await page.setViewportSize({ width: way.width, height: 900 });
      await page.evaluate(
        ({ key, dark }) => {
          const html = document.documentElement;
          html.dataset.theme = dark ? 'dark' : 'light';
          html.classList.toggle('dark', dark);
          html.style.colorScheme = dark ? 'dark' : 'light';
          const styles = [...document.querySelectorAll('body, body *')].map((el) => {
            const computed = getComputedStyle(el);
            let all = '';
            // What is drawn: custom properties draw nothing themselves (and the whole stylesheet registers more).
            for (const name of computed)
              if (!name.startsWith('--')) all += `${name}:${computed.getPropertyValue(name)};`;
            return all;
          });
          const w = window as unknown as { drawn: Record<string, string[]> };
          (w.drawn ??= {})[key] = styles;
        },
        { key: `${step} ${way.width} ${way.theme}`, dark: way.theme === 'dark' },
      );
    }
  };
  await draw('own');
  await page.addStyleTag({ content: css });
  await draw('whole');
  return page.evaluate(
    (keys) => {
      const { drawn } = window as unknown as { drawn: Record<string, string[]> };
      const elements = [...document.querySelectorAll('body, body *')];
      const out: string[] = [];
      for (const key of keys) {
        const own = drawn[`own ${key}`]!;
        const whole = drawn[`whole ${key}`]!;
        let shown = 0;
        own.forEach((style, i) => {
          if (style === whole[i] || shown++ >= 3) return;
          const a = style.split(';');
          const b = new Set(whole[i]!.split(';'));
          const el = elements[i]!;
          out.push(
            `${key}: <${el.tagName.toLowerCase()} class="${el.getAttribute('class')}"> ${a.filter((d) => !b.has(d)).join('; ')}`,
          );
        });
      }
      return out;
    },
    ways.map((w) => `${w.width} ${w.theme}`),
  );
}

test('every rendered page looks with its own rules exactly as with the whole stylesheet', async ({
  page,
}) => {
  const instagram = (await (
    await page.request.get('/api/catalogue/categories/instagram')
  ).json()) as CategoryResponse;
  const account = instagram.groups.flatMap((g) => g.sampleAccounts)[0]!;
  const visitorPages = [
    ...publicPagePaths,
    paths.category('instagram'),
    paths.product(account.id),
    paths.category('no-such-category'),
  ];
  const css = await (
    await page.request.get(
      (await (async () => {
        await page.goto('/');
        return restOf(page);
      })())!,
    )
  ).text();
  expect(css.length).toBeGreaterThan(10_000);

  const check = async (url: string) => {
    const release = await holdStylesheet(page);
    await page.goto(url);
    await expect(page.locator('#site-footer')).toBeVisible();
    // The page's own rules, and a good deal less than the whole stylesheet.
    const own = await page.locator('style[data-rest]').textContent();
    expect(own!.length, url).toBeLessThan(css.length / 2);
    const differences = await differencesWithTheWholeStylesheet(page, css);
    await release();
    return differences.map((d) => `${url} ${d}`);
  };
  const differences: string[] = [];
  for (const url of visitorPages) differences.push(...(await check(url)));
  // A signed-in customer's page (its navbar, its Buy Now) is rendered for them, with their classes.
  const customer = await createCustomer(page, 'pagecss');
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  for (const url of [paths.products, paths.product(account.id)])
    differences.push(...(await check(url)));
  expect(differences).toEqual([]);
});

test('the app runs once the whole stylesheet is in, and without it when it cannot be had', async ({
  page,
}) => {
  // What the loader added, and whether the stylesheet was in when the entry script came.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { seen: string[] }).seen = []);
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (node instanceof HTMLLinkElement && node.rel === 'stylesheet')
            seen.push('stylesheet added');
          if (node instanceof HTMLScriptElement && node.type === 'module') {
            const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')?.sheet;
            seen.push(
              `entry added, the stylesheet ${sheet && sheet.cssRules.length > 0 ? 'in' : 'not in'}`,
            );
          }
        }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/products');
  const rest = await restOf(page);
  expect(rest).toMatch(/^\/assets\/index-[\w-]+\.css$/);
  await hydrate(page);
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
    'stylesheet added',
    'entry added, the stylesheet in',
  ]);
  // What the app draws may use any class: the whole stylesheet is the page's.
  expect(
    await page.evaluate(
      (href) =>
        [...document.styleSheets].some((s) => s.href?.endsWith(href) && s.cssRules.length > 0),
      rest!,
    ),
  ).toBe(true);

  // The stylesheet cannot be had (the network dropped): the app runs all the same, on the page's own rules.
  await page.route(/\/assets\/index-[^/]+\.css$/, (route) => route.abort());
  await page.goto('/web-services');
  await hydrate(page);
  await page.getByRole('button', { name: 'Start Your Project' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
