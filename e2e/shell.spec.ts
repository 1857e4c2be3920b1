import { expect, test } from '@playwright/test';
import { hydrate } from './hydration.ts';

test('a visitor sees the landing page with its offerings and how it works', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'Ready-made social media accounts',
  );
  await expect(page.getByRole('heading', { name: 'What we offer' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'How It Works' })
    .click();
  await expect(page.locator('#how-it-works')).toBeInViewport();
  await expect(page.getByRole('link', { name: 'Browse Products', exact: true })).toHaveAttribute(
    'href',
    '/products',
  );
});

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => warnings.push(m.text()));
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  // The page arrives rendered by the server; the browser logs the path once it has taken the page over.
  await expect.poll(() => warnings.some((w) => w.includes('/no/such/page'))).toBe(true);
});

test('the theme choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: /Switch to dark/ }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  // The server draws the control for the default theme; it reads the saved one once the app runs (a first touch).
  await hydrate(page);
  await expect(page.getByRole('button', { name: /Theme: dark/ })).toBeVisible();
});

test('the navbar turns opaque after scrolling and offers a mobile menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const header = page.locator('header');
  await expect(header).toHaveClass(/bg-transparent/);
  await page.mouse.wheel(0, 400);
  await expect(header).not.toHaveClass(/bg-transparent/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('link', { name: 'Support' }).first()).toBeVisible();
});

test('the health endpoint is green and pages carry a strict CSP', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
  const page = await request.get('/');
  expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
});
