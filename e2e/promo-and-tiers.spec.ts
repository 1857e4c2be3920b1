// Volume prices and promo codes as the admin sets them and a customer meets them: a template with a tier (from 2
// accounts, ₦800 each) and a code (25% off), a customer who buys two at the tier price with the code and sees the
// same total on the product card, checkout, the order and the dashboard; the console counts the code's use.
import { openAdminView } from './admin-console.ts';
import { expect, test, type Page } from '@playwright/test';
import { createCustomer, creditWallet, signIn, signInAsAdmin } from './customers.ts';
import { templateId, uploadAccounts } from './stock.ts';
import { hydrate } from './hydration.ts';

const openTab = (page: Page, name: string) => openAdminView(page, name);

test('an admin sets a volume price and a promo code; a customer buys two at the tier price with the code', async ({
  page,
  browser,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const category = `Promo Cat ${stamp}`;
  const template = `Promo Template ${stamp}`;
  const code = `SAVE${stamp}`.toUpperCase();
  await signInAsAdmin(page);
  await openTab(page, 'Categories');
  const categoryForm = page.getByRole('form', { name: 'Create Category' });
  await categoryForm.getByLabel('Category Name').fill(category);
  await categoryForm.getByRole('button', { name: 'Create Category' }).click();
  await expect(page.getByText('Category created successfully!')).toBeVisible();

  await openTab(page, 'Templates');
  const form = page.getByRole('form', { name: 'Create Template' });
  await form.getByLabel('Product Name').fill(template);
  await form.getByLabel('Category').selectOption({ label: category });
  await form.getByLabel('Price (₦)').fill('1000');
  // A tier that is not cheaper than the list price is refused before it is sent.
  await form.getByLabel('Volume prices').fill('2 = 1200');
  await form.getByRole('button', { name: 'Create Template' }).click();
  await expect(form.getByRole('alert')).toContainText('lower price');
  await form.getByLabel('Volume prices').fill('2 = 800');
  await form.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Product template created successfully!')).toBeVisible();

  const groupId = await templateId(page, template);
  await uploadAccounts(page, groupId, `promo_${stamp}`, 4);

  await openTab(page, 'Promotions');
  const promo = page.getByRole('form', { name: 'Create Promo Code' });
  await promo.getByLabel('Code').fill(code);
  await promo.getByLabel('Percent off').fill('25');
  await promo.getByLabel('Uses in all').fill('5');
  await promo.getByRole('button', { name: 'Create Promo Code' }).click();
  await expect(page.getByText('Promo code created successfully!')).toBeVisible();
  const codeRow = page.getByRole('row', { name: new RegExp(code) });
  await expect(codeRow).toContainText('25% off');
  await expect(codeRow).toContainText('0 / 5');

  const customer = await createCustomer(page, 'promo');
  await creditWallet(browser, customer.email, 10_000);
  const shopper = await browser.newPage();
  try {
    await signIn(shopper, customer.email, customer.password);
    await expect(shopper).toHaveURL(/\/dashboard$/);
    await shopper.goto('/products');
    const card = shopper.getByRole('article', { name: template });
    await expect(card.getByRole('list', { name: 'Volume prices' })).toContainText(
      '2+ at ₦800.00 each',
    );
    // The quantity is typed once the app has the page: a signed-in visit runs it at once, and this test is about
    // the prices (what is typed before hydration is server-rendered.spec's).
    await hydrate(shopper);
    await card.getByLabel('Quantity').fill('2');
    await expect(card.getByTestId('tier-price')).toHaveText('₦800.00 each for 2');
    await card.getByRole('button', { name: 'Buy Now' }).click();
    await expect(shopper).toHaveURL(/\/checkout\?group=[0-9a-f-]+&quantity=2$/);
    await expect(shopper.getByTestId('checkout-total')).toHaveText('₦1,600.00');

    // A code that does not exist is refused with its reason; the real one takes 25% off the tier price.
    const promoField = shopper.getByRole('form', { name: 'Promo code' });
    await promoField.getByLabel('Promo code').fill('NOPE123');
    await promoField.getByRole('button', { name: 'Apply' }).click();
    await expect(promoField.getByRole('alert')).toHaveText('This promo code does not exist.');
    await expect(shopper.getByTestId('checkout-total')).toHaveText('₦1,600.00');
    await promoField.getByLabel('Promo code').fill(code.toLowerCase());
    await promoField.getByRole('button', { name: 'Apply' }).click();
    await expect(shopper.getByTestId('checkout-discount')).toHaveText('−₦400.00');
    await expect(shopper.getByTestId('checkout-total')).toHaveText('₦1,200.00');
    await shopper.getByRole('button', { name: 'Complete Purchase' }).click();
    await expect(shopper.getByText('Bulk Purchase Successful! 🎉')).toBeVisible();
    await expect(shopper).toHaveURL(/\/orders$/);
    const order = shopper.getByRole('article').filter({ hasText: template });
    await expect(order).toContainText('₦1,200.00');
    await expect(order.getByTestId('order-saving')).toContainText(`code ${code} −₦400.00`);
    await expect(order.getByTestId('order-saving')).toContainText('₦800.00 each (volume price)');

    await shopper.goto('/dashboard');
    await expect(shopper.getByRole('list', { name: 'Recent activity' })).toContainText(
      '-₦1,200.00',
    );
    await expect(shopper.getByText('₦8,800.00').first()).toBeVisible();
  } finally {
    await shopper.close();
  }

  // The console: the code's one use and its revenue, and the Orders tab filtered by it.
  await page.reload();
  await openTab(page, 'Promotions');
  await expect(codeRow).toContainText('1 / 5');
  await expect(codeRow).toContainText('₦1,200.00');
  await openTab(page, 'Orders');
  await page.getByLabel('Promo code').fill(code.toLowerCase());
  const ordersTable = page.getByRole('table', { name: 'Orders' });
  await expect(ordersTable.getByRole('row')).toHaveCount(2);
  await expect(ordersTable).toContainText(`${code} −₦400.00`);
});
