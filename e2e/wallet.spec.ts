// The wallet on the sandbox provider: the guard, a paid and a declined top-up through the checkout popup, both result
// pages, and the admin crediting the same customer from the Users tab.
import { openAdminView } from './admin-console.ts';
import { expect, test } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';
import { createCustomer, signIn } from './customers.ts';
import { startTopup } from './topup.ts';

test('a signed-out visit to /wallet lands on /login', async ({ page }) => {
  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/payment-callback?reference=ACCTSTORE_1');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe.serial('a customer tops up through the sandbox', () => {
  // The first walks the checkout popup and both result pages: on the loaded 2-core CI machine it ran past 30 s.
  test.describe.configure({ timeout: 60_000 });
  let customer: { email: string; password: string };

  test('pays ₦5,000 in the checkout popup and sees it in balance and history', async ({ page }) => {
    customer = await createCustomer(page, 'wallet');
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: 'My Wallet' })).toBeVisible();
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
    await expect(page.getByRole('tab', { name: 'Top Up Wallet' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // The dialog: limits, the disabled button below ₦100, quick amounts and the summary.
    await page.getByRole('button', { name: 'Top Up', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Top Up Wallet' });
    await expect(dialog.getByText('Minimum: ₦100, Maximum: ₦1,000,000')).toBeVisible();
    const proceed = dialog.getByRole('button', { name: 'Proceed to Payment' });
    await expect(proceed).toBeDisabled();
    await dialog.getByLabel('Amount (₦)').fill('99');
    await expect(proceed).toBeDisabled();
    await expect(dialog.getByRole('region', { name: 'Payment summary' })).toHaveCount(0);
    await dialog.getByLabel('Amount (₦)').fill('1000001');
    await proceed.click();
    await expect(
      page.getByText('Amount Too Large: Maximum top-up amount is ₦1,000,000.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: '₦5,000', exact: true }).click();
    await expect(dialog.getByLabel('Amount (₦)')).toHaveValue('5000');
    await expect(dialog.getByRole('region', { name: 'Payment summary' })).toContainText(
      '₦5,000.00',
    );

    const popupPromise = page.waitForEvent('popup');
    await proceed.click();
    const popup = await popupPromise;
    await expect(page.getByText('Payment Window Opened')).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Waiting for your payment of ₦5,000.00' }),
    ).toBeVisible();
    await popup.getByRole('button', { name: /^Pay / }).click();

    await expect(popup).toHaveURL(/\/payment-callback\?.*reference=/);
    // 'Already processed' only if the wallet page's poll won the race to ask first.
    await expect(
      popup.getByRole('heading', { name: /Payment Successful!|Payment Already Processed!/ }),
    ).toBeVisible();
    await expect(popup.getByText('₦5,000.00', { exact: true }).first()).toBeVisible();
    await expect(popup.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    const reference = new URL(popup.url()).searchParams.get('reference')!;
    await popup.close();

    // The result page cleared the pending top-up; the wallet page notices and shows the credit.
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦5,000.00');
    await expect(page.getByTestId('wallet-total-topups')).toHaveText('₦5,000.00');
    await expect(
      page.getByRole('status').filter({ hasText: 'Waiting for your payment' }),
    ).toHaveCount(0);
    await page.getByRole('tab', { name: 'Transaction History' }).click();
    const topup = page
      .getByRole('list', { name: 'Transactions' })
      .getByRole('listitem')
      .filter({ hasText: 'Wallet Top-up' });
    await expect(topup).toHaveCount(1);
    await expect(topup).toContainText('+₦5,000.00');
    await expect(topup).toContainText(`Ref: ${reference}`);
    await expect(topup).toContainText('Provider ref: ERCS|');

    // Result page B for the same reference: successful, and never credited twice.
    await page.goto(`/payment-success?reference=${encodeURIComponent(reference)}`);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText('Payment Already Processed!')).toBeVisible();
    await expect(page.getByText('Need help? Contact us at')).toBeVisible();
  });

  test('a declined payment shows the failed state and credits nothing', async ({ page }) => {
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The query string says CANCELLED, but only the server's answer decides: failed.
    await page.goto('/wallet');
    const declined = await startTopup(page, '1000');
    await declined.getByRole('button', { name: 'Decline' }).click();
    await expect(declined).toHaveURL(/\/payment-callback\?.*status=CANCELLED/);
    await expect(declined.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    await expect(declined.getByRole('link', { name: 'Try Again' })).toHaveAttribute(
      'href',
      '/wallet',
    );
    await declined.close();
    await page.reload();
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦5,000.00');

    // No reference at all: the error state.
    await page.goto('/payment-callback');
    await expect(
      page.getByText(
        'No transaction reference found. Please contact support if you made a payment.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      '/support',
    );
  });

  test('the admin finds that customer on the Users tab and credits ₦1,000', async ({ page }) => {
    await signIn(page, e2eAdmin.email, e2eAdmin.password);
    await expect(page).toHaveURL(/\/admin$/);
    await openAdminView(page, 'Users');
    await expect(page.getByText(/\d+ users?$/).first()).toBeVisible();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(
      page.getByText('Search required: Please enter an email or name to search'),
    ).toBeVisible();
    await page.getByLabel('Search users').fill(customer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Search complete: Found 1 user(s)')).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row')
      .filter({ hasText: customer.email });
    await expect(row).toContainText('Customer');
    await expect(row).toContainText('₦5,000.00');

    await row.getByRole('button', { name: 'View' }).click();
    const details = page.getByRole('dialog', { name: 'User Details' });
    await expect(details.getByText('Wallet Top-up', { exact: true })).toBeVisible();
    await expect(details.getByText('+₦5,000.00')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: 'Adjust Balance' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust Balance' });
    await adjust.getByRole('button', { name: 'Add Funds' }).click();
    await expect(page.getByText('Please fill in all fields')).toBeVisible();
    await adjust.getByLabel('Action').selectOption('credit');
    await adjust.getByLabel('Amount (₦)').fill('1000');
    await adjust.getByLabel('Reason').fill('e2e goodwill credit');
    await adjust.getByRole('button', { name: 'Add Funds' }).click();
    await expect(
      page.getByText('Balance adjusted successfully! New balance: ₦6,000.00'),
    ).toBeVisible();
    await expect(adjust).toHaveCount(0);
    await expect(row).toContainText('₦6,000.00');
  });
});
