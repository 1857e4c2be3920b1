// The three public forms end in the admin Inbox; the honeypot and the per-address limit stop a bot, not a person.
// Budget: the server stores at most 5 messages per 10 minutes from one address, and the whole e2e suite comes
// from 127.0.0.1. This file stores 3 (the quote, support and contact messages below); a filled honeypot is
// answered before the limit is counted and stores nothing; the limit's 429 is answered here with the server's
// own body (its real counting is covered by src/server/modules/inbox/inbox.test.ts). Every other e2e test that
// submits a form answers it with page.route (see marketing.spec.ts), so the suite stays within the limit.
import { expect, test, type Page } from '@playwright/test';
import { openAdminView } from './admin-console.ts';
import { signInAsAdmin } from './customers.ts';
import { inboxErrors, inboxSuccessMessages } from '../src/shared/inbox.ts';
import { contactForm, fillContactForm } from './contact-form.ts';

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text);

/** The Inbox tab's unread count ("Inbox (3)"; plain "Inbox" at none). */
async function unreadCount(page: Page): Promise<number> {
  const name = (await page.getByRole('tab', { name: /^Inbox/ }).textContent()) ?? '';
  return Number(/\((\d+)\)/.exec(name)?.[1] ?? 0);
}

async function sendSupport(
  page: Page,
  subject: string,
  message: string,
  extra?: (form: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Support request' });
  await form.getByLabel('Full Name').fill('Ada Obi');
  await form.getByLabel('Email Address').fill('ada@example.com');
  await form.getByLabel('Category').selectOption({ label: 'Payment Problem' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill(message);
  await extra?.(form);
  await form.getByRole('button', { name: 'Send Message' }).click();
  return form;
}

test('a quote request, a support message and a contact message reach the admin Inbox', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const quoteText = `A booking site for my salon (e2e ${stamp}).`;
  const supportSubject = `Top-up not credited ${stamp}`;
  const contactSubject = `Bulk order ${stamp}`;

  // The quote, from a package on the web-services page.
  await page.goto('/web-services');
  await page.getByRole('button', { name: 'Start Your Project: Starter Website' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start Your Project' });
  await dialog.getByLabel('Full Name').fill('Ngozi Eze');
  await dialog.getByLabel('Email Address').fill('ngozi@example.com');
  await dialog.getByLabel('Phone Number').fill('+234 801 234 5678');
  await dialog.getByLabel('Budget').selectOption('under-100k');
  await dialog.getByLabel('Project Description').fill(quoteText);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(toast(page, inboxSuccessMessages.quote)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The support message.
  const support = await sendSupport(
    page,
    supportSubject,
    'I paid ₦5,000 an hour ago and my wallet still shows ₦0.',
  );
  await expect(support.getByText(inboxSuccessMessages.support)).toBeVisible();

  // The contact message.
  await page.goto('/contact');
  const contact = contactForm(page);
  await contact.getByLabel('Inquiry Type').selectOption({ label: 'Business Inquiries' });
  await fillContactForm(contact, {
    name: 'Chidi Okeke',
    email: 'chidi@example.com',
    subject: contactSubject,
    message: 'Can we talk about buying 500 accounts?',
  });
  await contact.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, inboxSuccessMessages.contact)).toBeVisible();

  // The admin sees all three, each with its kind and what was sent.
  await signInAsAdmin(page);
  await openAdminView(page, 'Inbox');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  const quote = page.getByRole('article').filter({ hasText: quoteText });
  const supportCard = page.getByRole('article', { name: supportSubject });
  const contactCard = page.getByRole('article', { name: contactSubject });
  await expect(quote).toHaveCount(1);
  await expect(quote).toContainText('Quote');
  await expect(quote).toContainText('Quote request: Starter Website');
  await expect(quote).toContainText('Ngozi Eze');
  await expect(quote).toContainText('Under ₦100,000');
  await expect(supportCard).toContainText('Support');
  await expect(supportCard).toContainText('Payment Problem');
  await expect(supportCard).toContainText('I paid ₦5,000 an hour ago');
  await expect(contactCard).toContainText('Contact');
  await expect(contactCard).toContainText('Business Inquiries');
  for (const card of [quote, supportCard, contactCard]) await expect(card).toContainText('New');

  // Marking one handled takes it out of the tab's unread count.
  await expect(page.getByRole('tab', { name: /^Inbox \(\d+\)$/ })).toBeVisible();
  const before = await unreadCount(page);
  expect(before).toBeGreaterThanOrEqual(3);
  await supportCard.getByRole('button', { name: 'Mark handled' }).click();
  await expect(supportCard.getByRole('button', { name: 'Mark new' })).toBeVisible();
  await expect(supportCard).toContainText('Handled');
  await expect(page.getByRole('tab', { name: /^Inbox/ })).toHaveText(
    before - 1 > 0 ? `Inbox (${before - 1})` : 'Inbox',
  );

  // The Handled filter shows it; the New filter does not.
  const show = page.getByRole('group', { name: 'Show messages' });
  await show.getByRole('button', { name: 'Handled' }).click();
  await expect(supportCard).toBeVisible();
  await expect(contactCard).toHaveCount(0);
  await show.getByRole('button', { name: 'New' }).click();
  await expect(contactCard).toBeVisible();
  await expect(supportCard).toHaveCount(0);
});

test('a bot that fills the honeypot is told it succeeded, and nothing reaches the Inbox', async ({
  page,
}) => {
  const subject = `Cheap followers ${Date.now().toString(36)}`;
  const sent = page.waitForRequest('**/api/inbox/support');
  // The hidden field people never see (a bot fills every field it finds).
  const form = await sendSupport(page, subject, 'Visit my site for cheap followers.', async (f) => {
    await f.locator('input[name="website"]').fill('https://spam.example', { force: true });
  });
  // It really went to the server, honeypot and all: the server is what turns it away.
  expect((await sent).postDataJSON()).toMatchObject({ subject, website: 'https://spam.example' });
  await expect(form.getByText(inboxSuccessMessages.support)).toBeVisible();
  await expect(toast(page, inboxSuccessMessages.support)).toBeVisible();

  await signInAsAdmin(page);
  await openAdminView(page, 'Inbox');
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  // The list has loaded (it holds at least the demo shop's or other tests' messages, or says it is empty).
  await expect(page.getByRole('status').filter({ hasText: 'Loading messages...' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: subject })).toHaveCount(0);
  await expect(page.getByText('Visit my site for cheap followers.')).toHaveCount(0);
});

test('over the limit, the visitor keeps what they typed and is told to wait', async ({ page }) => {
  let sent = 0;
  await page.route('**/api/inbox/support', (route) => {
    sent += 1;
    return route.fulfill({
      status: 429,
      headers: { 'retry-after': '540' },
      json: { error: { code: 'RATE_LIMITED', message: inboxErrors.rateLimited } },
    });
  });
  const message = 'Second try: my top-up of ₦5,000 is still missing, reference TOP_12345.';
  const form = await sendSupport(page, 'Still waiting', message);
  await expect(toast(page, inboxErrors.rateLimited)).toBeVisible();
  expect(sent).toBe(1);
  await expect(form.getByLabel('Message')).toHaveValue(message);
  await expect(form.getByLabel('Subject')).toHaveValue('Still waiting');
  await expect(form.getByLabel('Full Name')).toHaveValue('Ada Obi');
  await expect(form.getByLabel('Category')).toHaveValue('payment');
  await expect(page.getByText(inboxSuccessMessages.support)).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});
