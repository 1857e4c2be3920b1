// The admin console is laid out by task (src/client/features/admin/console-sections.tsx): a view is opened as an
// owner does, by its section's link, then its tab when the section has more than one view.
import { expect, type Page } from '@playwright/test';

const sectionOf: Record<string, string> = {
  Orders: 'Sales',
  Reports: 'Sales',
  Templates: 'Catalogue',
  Products: 'Catalogue',
  'Add Product': 'Catalogue',
  'Bulk Upload': 'Catalogue',
  Categories: 'Catalogue',
  Users: 'Customers',
  Inbox: 'Customers',
  Promotions: 'Marketing',
  Referrals: 'Marketing',
  Store: 'Settings',
  Payments: 'Settings',
  Suppliers: 'Settings',
  Alerts: 'Settings',
  'E-mail': 'Settings',
  Activity: 'Settings',
};

/** Opens a view by its tab's name ("Inbox" matches "Inbox (3)" too). */
export async function openAdminView(page: Page, view: string) {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: sectionOf[view] ?? view, exact: true })
    .click();
  const tab = page.getByRole('tab', { name: new RegExp(`^${view}( \\(\\d+\\))?$`) });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}
