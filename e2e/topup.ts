// e2e step shared by the wallet and payments specs: open the top-up dialog, ask for an amount, and follow the
// sandbox checkout popup that opens.
import { expect, type Page } from '@playwright/test';

/** Opens the top-up dialog, asks for `amount` and returns the sandbox checkout popup. */
export async function startTopup(page: Page, amount: string): Promise<Page> {
  await page.getByRole('button', { name: 'Top Up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Wallet' });
  await dialog.getByLabel('Amount (₦)').fill(amount);
  const popupPromise = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Proceed to Payment' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  return popup;
}
