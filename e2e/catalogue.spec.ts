// The public catalogue as visitors, customers and admins see it, on the demo seed, at desktop and phone widths.
import { expect, test, type Page } from '@playwright/test';
import { e2eAdmin } from '../playwright.config.ts';
import { createCustomer, fillSignIn } from './customers.ts';
import { hydrate } from './hydration.ts';

const card = (page: Page, name: string) => page.getByRole('article', { name });

test('a visitor browses /products: categories, groups, stock labels, quantity, search and category filter', async ({
  page,
}) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page).toHaveTitle(/Products/);
  // At least the seed's 9: the admin spec, running beside this one on the same store, may add more.
  await expect(page.getByTestId('product-count')).toHaveText(/^(9|1\d) products available$/);
  await expect(page.getByRole('region', { name: 'Wallet' })).toHaveCount(0);

  const categories = page.getByRole('region', { name: 'Categories' }).getByRole('link');
  // The seed's seven (the admin spec may add its own category meanwhile on the same store).
  for (const name of [
    'Instagram',
    'TikTok',
    'Twitter',
    'Facebook',
    'Facebook Aged',
    'YouTube',
    'LinkedIn',
  ]) {
    await expect(categories.filter({ hasText: new RegExp(`^${name}`) }).first()).toBeVisible();
  }
  await expect(categories.filter({ hasText: /^Followers/ })).toHaveCount(0);
  const instagram = categories.filter({ hasText: /^Instagram/ });
  await expect(instagram).toContainText('2 products');
  await expect(instagram).toContainText('From ₦3,500.00');
  await expect(instagram).toHaveAttribute('href', '/category/instagram');

  const oneK = card(page, 'Instagram 1K Followers');
  await expect(oneK).toContainText('₦3,500.00');
  await expect(oneK).toContainText('12 available');
  await expect(oneK.getByRole('list', { name: 'Features' })).toContainText('+2 more');
  await expect(card(page, 'Instagram 5K Followers')).toContainText('Low Stock');
  await expect(card(page, 'Instagram 5K Followers')).toContainText('3 available');
  await expect(card(page, 'YouTube Starter Channel')).toContainText('Low Stock');
  const boost = card(page, 'Instagram Followers Boost');
  await expect(boost.getByText('Out of Stock', { exact: true }).first()).toBeVisible();
  await expect(boost.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();

  // Quantity: anything outside 1..stock falls back to 1.
  const quantity = oneK.getByLabel('Quantity');
  await quantity.fill('99');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await quantity.fill('3');
  await quantity.blur();
  await expect(quantity).toHaveValue('3');

  const search = page.getByLabel('Search products');
  await search.fill('youtube');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'YouTube Starter Channel')).toBeVisible();
  await expect(page.getByTestId('product-count')).toHaveText(/^Showing 1 of (9|1\d) products$/);
  await search.fill('refill guarantee');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Instagram Followers Boost')).toBeVisible();
  await search.fill('no such thing');
  await expect(page.getByRole('heading', { name: 'No categories found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(search).toHaveValue('');
  await expectEveryProduct(page);

  await page.getByLabel('Filter by category').selectOption({ label: 'TikTok' });
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'TikTok Creator Account')).toBeVisible();
  await expect(categories).toHaveCount(1);
  await page.getByLabel('Filter by category').selectOption({ label: 'All Categories' });
  await expectEveryProduct(page);

  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('the lists reload on Refresh Stock and on window focus; a visitor who buys is sent to sign in', async ({
  page,
}) => {
  await page.goto('/products');
  await expect(card(page, 'Instagram 1K Followers')).toBeVisible();
  // Refresh Stock and a window regaining focus both reload the lists.
  let refetch = page.waitForRequest((r) => r.url().endsWith('/api/catalogue'));
  await page.getByRole('button', { name: 'Refresh Stock' }).click();
  await refetch;
  await page.waitForTimeout(5_500); // past the lists' staleTime
  refetch = page.waitForRequest((r) => r.url().endsWith('/api/catalogue'));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await refetch;

  // A visitor who tries to buy is sent to sign in.
  await card(page, 'Instagram 1K Followers').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByText('You need to sign in to purchase this account.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a visitor opens a category, sorts it, opens an account and is sent to sign in', async ({
  page,
}) => {
  await page.goto('/category/instagram');
  await expect(page.getByRole('heading', { level: 1, name: 'Instagram' })).toBeVisible();
  await expect(page).toHaveTitle(/Instagram/);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
  const names = page.getByRole('article').getByRole('heading');
  await expect(names).toHaveText(['Instagram 1K Followers', 'Instagram 5K Followers']);
  const sort = page.getByLabel('Sort by');
  await expect(sort.getByRole('option')).toHaveText([
    'Price: Low to High',
    'Price: High to Low',
    'Most Available',
  ]);
  await sort.selectOption({ label: 'Price: High to Low' });
  await expect(names).toHaveText(['Instagram 5K Followers', 'Instagram 1K Followers']);
  await sort.selectOption({ label: 'Most Available' });
  await expect(names).toHaveText(['Instagram 1K Followers', 'Instagram 5K Followers']);
  await page.getByLabel('Search Instagram products').fill('5K');
  await expect(names).toHaveText(['Instagram 5K Followers']);
  await page.getByLabel('Search Instagram products').fill('');

  // The 5K group has 3 accounts, so all of them are among its sample links.
  await expect(card(page, 'Instagram 5K Followers').getByRole('link')).toHaveCount(3);
  const sample = card(page, 'Instagram 5K Followers').getByRole('link', {
    name: /instagram_demo_001/,
  });
  await expect(sample).toContainText('Followers: 1,000');
  await sample.click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'instagram_demo_001' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    '/category/instagram',
  );
  await expect(crumbs).toContainText('Instagram 5K Followers');
  await expect(page.getByRole('definition')).toHaveText(['1,000']);
  await expect(page.getByRole('complementary', { name: 'Purchase' })).toContainText('₦12,000.00');
  await expect(page.getByRole('main')).not.toContainText(/password/i);
  await expect(page.getByText('You need to sign in to purchase this account.')).toBeVisible();
  const accountPath = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Sign In to Purchase' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // An admin sees the same page without a way to buy.
  await fillSignIn(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await page.goto(accountPath);
  await expect(page.getByText('Admins cannot purchase.')).toBeVisible();
  await expect(page.getByRole('button', { name: /Buy Now|Sign In to Purchase/ })).toHaveCount(0);
});

test('unknown categories and accounts say so, with a way back', async ({ page }) => {
  await page.goto('/category/nope');
  await expect(page.getByRole('heading', { name: 'Category Not Found' })).toBeVisible();
  await expect(page.getByText('Category not found', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Products' }).click();
  await expect(page).toHaveURL(/\/products$/);

  await page.goto('/product/00000000-0000-0000-0000-000000000000');
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await expect(page.getByText('Product not found', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute(
    'href',
    '/products',
  );
});

test('when the catalogue cannot load on the way to a page, the page says so and Try Again recovers', async ({
  page,
}) => {
  // A page opened by its address arrives with its data (server-rendered); the browser asks the API when a visitor
  // moves from page to page.
  await page.goto('/about');
  // Until React has taken the page over, a link is a plain page load (which arrives with its data): a visitor's
  // first touch brings it in.
  await hydrate(page);
  await page.route('**/api/catalogue', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'down' } } }),
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Products' })
    .click();
  await expect(page.getByRole('heading', { name: 'Database Connection Error' })).toBeVisible();
  await expect(page.getByText('Failed to connect to database')).toBeVisible();
  await page.unroute('**/api/catalogue');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(card(page, 'Instagram 1K Followers')).toBeVisible();

  await page.route('**/api/catalogue/categories/*', (route) => route.abort());
  await page
    .getByRole('region', { name: 'Categories' })
    .getByRole('link')
    .filter({ hasText: /^Instagram/ })
    .click();
  await expect(page.getByText('Failed to load category data')).toBeVisible();
  await page.unroute('**/api/catalogue/categories/*');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Instagram' })).toBeVisible();
});

test('a customer signs in from Buy Now, comes back to that checkout, sees the wallet and goes to checkout with the quantity', async ({
  page,
}) => {
  test.slow(); // sign-in, checkout, products, a balance refresh and checkout again: a long walk on a busy CI host
  const customer = await createCustomer(page, 'shopper');
  await page.goto('/products');
  await card(page, 'Instagram 5K Followers').getByLabel('Quantity').fill('2');
  await card(page, 'Instagram 5K Followers').getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, customer.email, customer.password);
  // Back to what they meant to buy: the same group and quantity, now at checkout.
  await expect(page).toHaveURL(/\/checkout\?group=[0-9a-f-]+&quantity=2$/);
  await expect(page.getByText('Instagram 5K Followers')).toBeVisible();
  await expect(page.getByTestId('checkout-total')).toHaveText('₦24,000.00');
  await page.goto('/products');

  const wallet = page.getByRole('region', { name: 'Wallet' });
  await expect(wallet.getByTestId('wallet-balance')).toHaveText('₦0.00');
  await expect(wallet.getByRole('link', { name: 'Top Up' })).toHaveAttribute('href', '/wallet');
  const meReload = page.waitForRequest((r) => r.url().endsWith('/api/session'));
  await wallet.getByRole('button', { name: 'Refresh balance' }).click();
  await meReload;

  const fiveK = card(page, 'Instagram 5K Followers');
  await fiveK.getByLabel('Quantity').fill('2');
  await fiveK.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout\?group=[0-9a-f-]+&quantity=2$/);
  const state = await page.evaluate(
    () => (history.state as { usr?: Record<string, unknown> } | null)?.usr,
  );
  expect(state).toMatchObject({
    category: 'Instagram',
    quantity: 2,
    isBulkPurchase: true,
    productGroup: { name: 'Instagram 5K Followers' },
  });
});

test('on a phone the products and category pages fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const fitsWidth = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  await page.goto('/products');
  await expect(card(page, 'Instagram 1K Followers')).toBeVisible();
  expect(await fitsWidth()).toBe(true);
  await page.getByLabel('Search products').fill('tiktok');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page
    .getByRole('region', { name: 'Categories' })
    .getByRole('link', { name: /TikTok/ })
    .click();
  await expect(page).toHaveURL(/\/category\/tiktok$/);
  await expect(page.getByRole('heading', { level: 1, name: 'TikTok' })).toBeVisible();
  await expect(
    card(page, 'TikTok Creator Account').getByRole('button', { name: 'Buy Now' }),
  ).toBeVisible();
  expect(await fitsWidth()).toBe(true);
});

/** Every product is shown: as many cards as the count says, at least the seed's 9 (the admin spec, running
 *  beside this one on the same store, may add one meanwhile). */
async function expectEveryProduct(page: Page) {
  await expect(page.getByTestId('product-count')).toHaveText(/^(9|1\d) products available$/);
  const total = Number(
    /\d+/.exec((await page.getByTestId('product-count').textContent()) ?? '')?.[0],
  );
  await expect(page.getByRole('article')).toHaveCount(total);
}
