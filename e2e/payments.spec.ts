// Following every top-up on the sandbox provider: a declined and a pending one shown in the wallet window without a
// reload and listed in Transaction History with their state, and a bank transfer reported failed that completes late
// and is credited exactly once (the redirect check and two webhooks racing for it).
import crypto from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createCustomer, signIn } from './customers.ts';
import { startTopup } from './topup.ts';

/** The e2e store's webhook token, derived from the run's seed exactly as playwright.config.ts derives it. */
const webhookToken = () =>
  `whk-${crypto.createHash('sha256').update(`${process.env.E2E_SECRET_SEED}:webhook-token`).digest('hex').slice(0, 32)}`;

/** Goes to the wallet's Top Up tab first, then starts a top-up there. */
async function startTopupFromTab(page: Page, amount: string): Promise<Page> {
  await page.getByRole('tab', { name: 'Top Up Wallet' }).click();
  return startTopup(page, amount);
}

const historyRow = (page: Page, reference: string) =>
  page
    .getByRole('list', { name: 'Transactions' })
    .getByRole('listitem')
    .filter({ hasText: `Ref: ${reference}` });

test('a declined and a pending top-up show in the wallet at once and in Transaction History with their state', async ({
  page,
}) => {
  test.slow(); // three checkout popups and a history: a long story on a busy CI machine
  const customer = await createCustomer(page, 'follow');
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/wallet');

  const declined = await startTopupFromTab(page, '1000');
  await declined.getByRole('button', { name: 'Decline' }).click();
  await expect(declined.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  const declinedRef = new URL(declined.url()).searchParams.get('reference')!;
  await declined.close();
  // No reload: the wallet window learned the popup's outcome.
  await expect(page.getByRole('alert').filter({ hasText: 'Payment declined' })).toContainText(
    'Payment cancelled.',
  );

  const pending = await startTopupFromTab(page, '2000');
  await pending.getByRole('button', { name: 'Leave pending' }).click();
  await expect(pending).toHaveURL(/status=PENDING/);
  const pendingRef = new URL(pending.url()).searchParams.get('reference')!;
  await expect(page.getByRole('status').filter({ hasText: 'Payment still pending' })).toContainText(
    '₦2,000.00',
  );
  await pending.close();

  await page.getByRole('tab', { name: 'Transaction History' }).click();
  await expect(historyRow(page, declinedRef)).toContainText('Failed');
  await expect(historyRow(page, declinedRef)).toContainText('₦1,000.00');
  // "I paid and it says failed": a declined top-up can be checked again too; the sandbox still says declined.
  await historyRow(page, declinedRef)
    .getByRole('button', { name: /Check again/ })
    .click();
  await expect(page.getByText('Payment Failed').first()).toBeVisible();
  const waiting = historyRow(page, pendingRef);
  await expect(waiting).toContainText('Pending');
  await expect(waiting).toContainText('₦2,000.00');
  await waiting.getByRole('button', { name: /Check again/ }).click();
  await expect(page.getByText('Still pending').first()).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦0.00');
});

/** The sandbox's "Complete late" on a failed transfer, without following the redirect (nothing verifies yet). */
async function completeLate(page: Page, transRef: string) {
  const res = await page.request.post(`/sandbox/checkout/${encodeURIComponent(transRef)}`, {
    form: { action: 'late' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
}

for (const width of [375, 1280]) {
  test(`a failed top-up that went through is credited by Check again in the wallet's notice (${width} px)`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const customer = await createCustomer(page, `checkagain${width}`);
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/wallet');
    const popup = await startTopupFromTab(page, '3000');
    await popup.getByRole('button', { name: 'Fail transfer' }).click();
    await expect(popup.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
    const transRef = new URL(popup.url()).searchParams.get('transRef')!;
    await popup.close();

    const notice = page.getByRole('alert').filter({ hasText: 'Payment declined' });
    await expect(notice).toContainText('Paid, but it says failed?');
    await completeLate(page, transRef);
    await notice.getByRole('button', { name: /Check again/ }).click();
    await expect(page.getByTestId('wallet-balance')).toHaveText('₦3,000.00');
    await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toContainText(
      '₦3,000.00 has been added to your wallet.',
    );
  });
}

test('the payment result page offers Check Again on a failed top-up and credits a late success', async ({
  page,
}) => {
  test.slow();
  const customer = await createCustomer(page, 'resultcheck');
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/wallet');
  const popup = await startTopupFromTab(page, '2500');
  await popup.getByRole('button', { name: 'Fail transfer' }).click();
  await expect(popup.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Try Again' })).toBeVisible();
  await completeLate(popup, new URL(popup.url()).searchParams.get('transRef')!);
  await popup.getByRole('button', { name: 'Check Again' }).click();
  await expect(popup.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await popup.close();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦2,500.00');
});

test('a bank transfer reported failed that completes late is credited exactly once', async ({
  page,
}) => {
  test.slow(); // a checkout, its late completion, two webhooks, a reload and the mailbox
  const customer = await createCustomer(page, 'late');
  await signIn(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/wallet');

  const popup = await startTopupFromTab(page, '3000');
  await popup.getByRole('button', { name: 'Fail transfer' }).click();
  await expect(popup.getByRole('heading', { name: 'Payment Failed' })).toBeVisible();
  const params = new URL(popup.url()).searchParams;
  const reference = params.get('reference')!;
  const transRef = params.get('transRef')!;
  await expect(page.getByRole('alert').filter({ hasText: 'Payment declined' })).toBeVisible();

  // Hours later the transfer completes: ErcasPay sends the customer back, and notifies the webhook twice.
  await popup.goto(`/sandbox/checkout/${encodeURIComponent(transRef)}`);
  await popup.getByRole('button', { name: 'Complete late' }).click();
  const hook = () =>
    page.request.post(`/api/payments/ercaspay/webhook/${webhookToken()}`, {
      data: { transaction_reference: transRef, payment_reference: reference, status: 'SUCCESSFUL' },
      headers: { origin: 'https://api.ercaspay.com' },
    });
  const [first, second] = await Promise.all([hook(), hook()]);
  expect([first.status(), second.status()]).toEqual([200, 200]);
  await expect(
    popup.getByRole('heading', { name: /Payment Successful!|Payment Already Processed!/ }),
  ).toBeVisible();
  await popup.close();

  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toContainText(
    '₦3,000.00 has been added to your wallet.',
  );
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦3,000.00');
  await page.reload();
  await expect(page.getByTestId('wallet-balance')).toHaveText('₦3,000.00');
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  const rows = historyRow(page, reference);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('+₦3,000.00');
  await expect(rows).toContainText('Successful');

  // The receipt e-mail: amount, reference and the new balance.
  const { messages } = (await (await page.request.get('/api/dev/mailbox')).json()) as {
    messages: { to: string; subject: string; text: string }[];
  };
  const receipts = messages.filter(
    (m) => m.to === customer.email && m.subject.startsWith('Top-up receipt'),
  );
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.text).toContain(`Reference: ${reference}`);
  expect(receipts[0]!.text).toContain('New wallet balance: ₦3,000.00');
});
