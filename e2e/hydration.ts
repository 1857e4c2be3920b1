// A server-rendered public page runs its code on the visitor's first sign of use (src/client/app/hydrate-on-intent.ts).
import { expect, type Page } from '@playwright/test';

/** Touches the page as a visitor would (a key press), and waits until React has taken it over. */
export async function hydrate(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}
