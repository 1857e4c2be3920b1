// A product group's quantity per order, as an admin sets it and a customer meets it: the console form takes it,
// the products page and checkout show it, the quantity stays within it, and checkout buys within it.
import { openAdminView } from './admin-console.ts';
import { expect, test, type Page } from '@playwright/test';
import { createCustomer, creditWallet, signIn, signInAsAdmin } from './customers.ts';
import { templateId, uploadAccounts } from './stock.ts';

const openTab = (page: Page, name: string) => openAdminView(page, name);

test('an admin limits a template to 2–3 accounts per order; a customer sees it and buys within it', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const category = `Qty Cat ${stamp}`;
  const template = `Qty Template ${stamp}`;
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
  // A maximum below the minimum is refused before it is sent.
  await form.getByLabel('Minimum per order').fill('3');
  await form.getByLabel('Maximum per order').fill('2');
  await form.getByRole('button', { name: 'Create Template' }).click();
  await expect(form.getByRole('alert')).toContainText('the maximum not below the minimum');
  await form.getByLabel('Minimum per order').fill('2');
  await form.getByLabel('Maximum per order').fill('3');
  await form.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Product template created successfully!')).toBeVisible();

  // Stock: five accounts through the CSV upload's route, as the console's Bulk Upload sends them.
  const groupId = await templateId(page, template);
  await uploadAccounts(page, groupId, `qty_${stamp}`, 5);

  const customer = await createCustomer(page, 'qty');
  await creditWallet(browser, customer.email, 10_000);
  const shopper = await browser.newPage();
  try {
    await signIn(shopper, customer.email, customer.password);
    await expect(shopper).toHaveURL(/\/dashboard$/);
    await shopper.goto('/products');
    const card = shopper.getByRole('article', { name: template });
    await expect(card).toContainText('Per order: 2 to 3 accounts');
    const quantity = card.getByLabel('Quantity');
    await expect(quantity).toHaveValue('2');
    // A quantity outside the limits is brought back within them.
    await quantity.fill('5');
    await quantity.blur();
    await expect(quantity).toHaveValue('2');
    await quantity.fill('3');
    await card.getByRole('button', { name: 'Buy Now' }).click();
    await expect(shopper).toHaveURL(/\/checkout\?group=[0-9a-f-]+&quantity=3$/);
    await expect(shopper.getByText('2 to 3 accounts')).toBeVisible();
    await expect(shopper.getByTestId('checkout-total')).toHaveText('₦3,000.00');
    await shopper.getByRole('button', { name: 'Complete Purchase' }).click();
    await expect(shopper.getByText('Bulk Purchase Successful! 🎉')).toBeVisible();
  } finally {
    await shopper.close();
  }
});
