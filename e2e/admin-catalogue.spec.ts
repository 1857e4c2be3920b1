// The admin console's catalogue side as an admin uses it: categories, templates, Add Product, CSV upload, archive, details.
import { openAdminView } from './admin-console.ts';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInAsAdmin } from './customers.ts';

const openTab = (page: Page, name: string) => openAdminView(page, name);

/** Confirms the open AlertDialog with its action button. */
const confirm = (page: Page, action: string) =>
  page.getByRole('alertdialog').getByRole('button', { name: action }).click();

test('an admin builds a template, stocks it by hand and by CSV, archives, restores and cannot delete it while stocked', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const category = `E2E Cat ${stamp}`;
  const template = `E2E Template ${stamp}`;
  const manualUser = `manual_${stamp}`;
  await signInAsAdmin(page);

  // Category: the id preview follows the name.
  await openTab(page, 'Categories');
  const categoryForm = page.getByRole('form', { name: 'Create Category' });
  await categoryForm.getByLabel('Category Name').fill(category);
  await expect(categoryForm.getByText(`ID: e2e-cat-${stamp}`)).toBeVisible();
  await categoryForm.getByLabel('Description').fill('Accounts made by the e2e test');
  await categoryForm.getByRole('button', { name: 'Create Category' }).click();
  await expect(page.getByText('Category created successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(category) })).toContainText(
    `e2e-cat-${stamp}`,
  );

  // Template in that category, features one per line.
  await openTab(page, 'Templates');
  const templateForm = page.getByRole('form', { name: 'Create Template' });
  await templateForm.getByLabel('Product Name').fill(template);
  await templateForm.getByLabel('Category').selectOption({ label: category });
  await templateForm.getByLabel('Price (₦)').fill('2500');
  await templateForm.getByLabel('Features').fill('Aged 2 years\nOriginal e-mail');
  await templateForm.getByRole('button', { name: 'Create Template' }).click();
  await expect(page.getByText('Product template created successfully!')).toBeVisible();
  const templateRow = page.getByRole('row', { name: new RegExp(template) });
  await expect(templateRow).toContainText('₦2,500.00');
  await expect(templateRow).toContainText('Active');

  // Add Product files the account under the category's template named by the title: ours.
  await openTab(page, 'Add Product');
  const addForm = page.getByRole('form', { name: 'Add Product' });
  await addForm.getByLabel('Title').fill(template);
  await addForm.getByLabel('Category').selectOption({ label: category });
  await addForm.getByLabel('Price (₦)').fill('2500');
  await addForm.getByLabel('Username').fill(manualUser);
  await addForm.getByLabel(/^Password/).fill(`pw-${stamp}`);
  await addForm.getByLabel('Email', { exact: true }).fill(`${manualUser}@mail.example`);
  await addForm.getByLabel('Followers').fill('1500');
  await addForm.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();

  // CSV: quoted commas, a duplicate row and a row without password.
  const csvPath = testInfo.outputPath('stock.csv');
  fs.writeFileSync(
    csvPath,
    [
      'Username,Email,Password,Email_Password,Two_FA,Followers,Bio',
      `csv_one_${stamp},one_${stamp}@mail.example,"pa,ss1",mail1,2FA-1,1200,"Travel, food"`,
      `csv_two_${stamp},two_${stamp}@mail.example,pass2,,,"3400","Music"`,
      `csv_one_${stamp},one_${stamp}@mail.example,again,,,,`,
      `csv_three_${stamp},three_${stamp}@mail.example,,,,,`,
    ].join('\n'),
  );
  await openTab(page, 'Bulk Upload');
  const uploadForm = page.getByRole('form', { name: 'Bulk Upload' });
  await uploadForm.getByRole('button', { name: 'Upload CSV' }).click();
  await expect(uploadForm.getByText('Please select a CSV file')).toBeVisible();
  await uploadForm
    .getByLabel('Product Template')
    .selectOption({ label: `${template} (${category})` });
  await uploadForm.getByLabel('CSV File').setInputFiles(csvPath);
  // Hold the request a moment so the progress bar can be seen (continue() lets the browser send the file itself).
  await page.route('**/api/admin/product-groups/*/upload', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await uploadForm.getByRole('button', { name: 'Upload CSV' }).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    /\d+/,
  );
  const result = page.getByRole('region', { name: 'Upload result' });
  await expect(result).toContainText('Successfully uploaded 2 accounts!');
  await expect(result.getByTestId('upload-created')).toHaveText('2');
  await expect(result.getByTestId('upload-skipped-as-invalid')).toHaveText('1');
  await expect(result.getByTestId('upload-skipped-as-duplicates')).toHaveText('1');
  await expect(result.getByTestId('upload-stock-now')).toHaveText('3');

  // Customers see the template with its stock.
  await page.goto('/products');
  const card = page.getByRole('article', { name: template });
  await expect(card).toContainText('3 available');

  // Archive hides it from customers.
  await page.goto('/admin/catalogue/templates');
  await templateRow.getByRole('button', { name: 'Archive' }).click();
  await confirm(page, 'Archive');
  await expect(page.getByText('Product template archived successfully!')).toBeVisible();
  await expect(templateRow).toContainText('Archived');
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: template })).toHaveCount(0);

  // Restore, then delete is refused while the template holds accounts.
  await page.goto('/admin/catalogue/templates');
  await templateRow.getByRole('button', { name: 'Restore' }).click();
  await confirm(page, 'Restore');
  await expect(page.getByText('Product template restored successfully!')).toBeVisible();
  await expect(templateRow).toContainText('Active');
  await templateRow.getByRole('button', { name: 'Delete' }).click();
  await confirm(page, 'Delete');
  await expect(
    page.getByText(
      'Cannot delete product group that has existing accounts. Please remove all accounts first.',
    ),
  ).toBeVisible();
  await expect(templateRow).toBeVisible();

  // The account details show the decrypted credentials, the quoted comma intact.
  await openTab(page, 'Products');
  await page.getByRole('searchbox', { name: 'Search' }).fill(`csv_one_${stamp}`);
  const accountRow = page.getByRole('row', { name: new RegExp(`csv_one_${stamp}`) });
  await expect(accountRow).toHaveCount(1);
  await accountRow.getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: 'Account Details' });
  await expect(details.getByText('pa,ss1', { exact: true })).toBeVisible();
  await expect(details.getByText('2FA-1', { exact: true })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Copy Password' })).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('searchbox', { name: 'Search' }).fill(manualUser);
  await page
    .getByRole('row', { name: new RegExp(manualUser) })
    .getByRole('button', { name: 'View' })
    .click();
  await expect(
    page.getByRole('dialog', { name: 'Account Details' }).getByText(`pw-${stamp}`, { exact: true }),
  ).toBeVisible();
});

test('the console checks required fields before sending and shows the inbox', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByText('Total Products')).toBeVisible();

  await openTab(page, 'Templates');
  await page
    .getByRole('form', { name: 'Create Template' })
    .getByRole('button', { name: 'Create Template' })
    .click();
  await expect(page.getByText('Please fill in all required fields', { exact: true })).toBeVisible();

  await openTab(page, 'Add Product');
  await page
    .getByRole('form', { name: 'Add Product' })
    .getByRole('button', { name: 'Add Product' })
    .click();
  await expect(
    page.getByText(
      'Please fill in all required fields (title, category, price, username, password)',
    ),
  ).toBeVisible();

  await openTab(page, 'Categories');
  await page
    .getByRole('form', { name: 'Create Category' })
    .getByRole('button', { name: 'Create Category' })
    .click();
  await expect(page.getByText('Please fill in category name')).toBeVisible();

  // A section's views answer the arrow keys.
  await openTab(page, 'Users');
  await page.getByRole('tab', { name: 'Users' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^Inbox/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Show messages' })
    .getByRole('button', { name: 'Handled' })
    .click();
  await expect(page.getByRole('button', { name: 'Handled' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
