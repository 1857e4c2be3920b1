// Marketing and info pages at phone and desktop width in both themes, and how the three inbox forms behave.
// The server takes at most 5 messages per 10 minutes from one address and every e2e test comes from 127.0.0.1,
// so these tests answer the forms' requests themselves (page.route fulfil, as the server would); the messages
// that really reach the admin Inbox, the honeypot and the limit are in inbox.spec.ts.
import { expect, test, type Page, type Route } from '@playwright/test';
import { inboxSuccessMessages, type InboxKind } from '../src/shared/inbox.ts';
import { contactForm, fillContactForm } from './contact-form.ts';

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };

/** Each page, its title and a few things a visitor must see on it. */
const pages: { path: string; h1: RegExp; visible: (string | RegExp)[] }[] = [
  {
    path: '/web-services',
    h1: /professional website/,
    visible: [
      'Starter Website',
      '₦50,000',
      'Business Builder',
      '₦150,000',
      'Most Popular',
      'Online Store',
      '₦300,000',
      'Limited offer: free logo design',
    ],
  },
  {
    path: '/support',
    h1: /How can we help/,
    visible: [
      'Telegram Group',
      'Email Support',
      'WhatsApp',
      'typically 2-6 hours during business hours',
      'Urgent issue?',
      'Frequently Asked Questions',
    ],
  },
  {
    path: '/contact',
    h1: /Get in touch/,
    visible: [
      '24/7 Support Available',
      'Support Tickets',
      'Business hours',
      '9:00 AM to 6:00 PM',
      'Response times',
      '15 minutes',
      'Lagos, Nigeria',
    ],
  },
  {
    path: '/terms',
    h1: /Terms of Service/,
    visible: [
      'Version 1.0',
      'at least 18 years old',
      'not delivered within 48 hours',
      '5-7 business days',
    ],
  },
  {
    path: '/privacy',
    h1: /Privacy Policy/,
    visible: ['How long we keep it', 'Your rights', 'within 30 days', 'within 72 hours'],
  },
  {
    path: '/about',
    h1: /About AcctStore/,
    visible: ['Our story', 'How we verify every account', 'Our team', 'Why customers trust us'],
  },
];

async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
}

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text);

/** Answers a form's request as the server does when it accepts a message. */
const accept = (route: Route, kind: InboxKind) =>
  route.fulfill({ json: { ok: true, message: inboxSuccessMessages[kind] } });

for (const theme of ['light', 'dark'] as const) {
  for (const [size, viewport] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    test(`the info pages show their key content on a ${size} in the ${theme} theme`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await useTheme(page, theme);
      for (const p of pages) {
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/);
        else await expect(page.locator('html')).not.toHaveClass(/dark/);
        for (const text of p.visible)
          await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${p.path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    });
  }
}

test('each page has its own title and the info pages link to each other', async ({ page }) => {
  await page.goto('/terms');
  await expect(page).toHaveTitle('Terms of Service | AcctStore');
  const related = page.getByRole('navigation', { name: 'Related pages' });
  await related.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page).toHaveTitle('Privacy Policy | AcctStore');
  await page
    .getByRole('navigation', { name: 'Related pages' })
    .getByRole('link', { name: 'About Us' })
    .click();
  await expect(page.getByRole('link', { name: 'Browse Products' }).last()).toHaveAttribute(
    'href',
    '/products',
  );
  await expect(page.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
    'href',
    '/register',
  );
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: /Support Tickets/ })).toHaveAttribute(
    'href',
    '/support',
  );
  const more = page.getByRole('navigation', { name: 'More information' });
  for (const [name, href] of [
    ['Support Center', '/support'],
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
    ['About Us', '/about'],
  ]) {
    await expect(more.getByRole('link', { name })).toHaveAttribute('href', href!);
  }
});

test('the contact channels come from the site settings', async ({ page, request }) => {
  const site = await (await request.get('/api/site')).json();
  await page.goto('/web-services');
  await expect(page.getByRole('link', { name: site.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${site.supportEmail}`,
  );
  await expect(page.getByRole('link', { name: site.whatsapp })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d+$/,
  );
});

test('the support form shows the success message only once the server has accepted it', async ({
  page,
}) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/inbox/support', async (route) => {
    await held;
    await accept(route, 'support');
  });
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Support request' });
  await form.getByLabel('Full Name').fill('Ada Obi');
  await form.getByLabel('Email Address').fill('ada@example.com');
  await form.getByLabel('Category').selectOption({ label: 'Payment Problem' });
  await form.getByLabel('Subject').fill('Top-up not credited');
  await form.getByLabel('Message').fill('I paid ₦5,000 an hour ago and my wallet still shows ₦0.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(page.getByText(inboxSuccessMessages.support)).toHaveCount(0);
  release();
  await expect(form.getByText(inboxSuccessMessages.support)).toBeVisible();
  await expect(toast(page, inboxSuccessMessages.support)).toBeVisible();
  await expect(form.getByLabel('Full Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
});

test('the contact form defaults to a general question and sends the chosen type', async ({
  page,
}) => {
  await page.route('**/api/inbox/contact', (route) => accept(route, 'contact'));
  await page.goto('/contact');
  const form = contactForm(page);
  const type = form.getByLabel('Inquiry Type');
  await expect(type).toHaveValue('general');
  await expect(type.locator('option')).toHaveText([
    'General Question',
    'Technical Support',
    'Billing & Payments',
    'Account Issues',
    'Business Inquiries',
    'Partnership',
  ]);
  await type.selectOption({ label: 'Business Inquiries' });
  await fillContactForm(form, {
    name: 'Chidi',
    email: 'chidi@example.com',
    subject: 'Bulk order',
    message: 'Can we talk about buying 500 accounts?',
  });
  const sent = page.waitForRequest('**/api/inbox/contact');
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ type: 'business', name: 'Chidi' });
  await expect(toast(page, inboxSuccessMessages.contact)).toBeVisible();
  await expect(type).toHaveValue('general');
});

test('the form checks its fields with the shared rules before sending anything', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/inbox/') && sent.push(r.url()));
  await page.goto('/support');
  const form = page.getByRole('form', { name: 'Support request' });
  await form.getByLabel('Full Name').fill('Ada Obi');
  await form.getByLabel('Email Address').fill('ada@example.com');
  await form.getByLabel('Category').selectOption('technical');
  await form.getByLabel('Subject').fill('   ');
  await form.getByLabel('Message').fill('The download button does nothing.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Please enter a subject')).toBeVisible();
  await expect(form.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Subject')).toBeFocused();
  expect(sent).toEqual([]);
});

test('a failed send shows an error toast and keeps what was typed', async ({ page }) => {
  await page.route('**/api/inbox/contact', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
      }),
    }),
  );
  await page.goto('/contact');
  const form = contactForm(page);
  await fillContactForm(form, {
    name: 'Chidi',
    email: 'chidi@example.com',
    subject: 'Hello',
    message: 'This text must survive a failed send.',
  });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Something went wrong on our side. Please try again.')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue('This text must survive a failed send.');
  await expect(form.getByLabel('Your Name')).toHaveValue('Chidi');
  await expect(page.getByText(inboxSuccessMessages.contact)).toHaveCount(0);
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('a package opens the quote form with its project type; Cancel closes it and a request is sent', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  await page.goto('/web-services');
  await page.getByRole('button', { name: 'Start Your Project: Online Store' }).click();
  let dialog = page.getByRole('dialog', { name: 'Start Your Project' });
  await expect(dialog).toContainText('Online Store package');
  await dialog.getByLabel('Full Name').fill('Not sending this');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Start Your Project: Business Builder' }).click();
  dialog = page.getByRole('dialog', { name: 'Start Your Project' });
  await expect(dialog).toContainText('Business Builder package');
  await expect(dialog.getByLabel('Full Name')).toHaveValue('');
  await dialog.getByLabel('Full Name').fill('Ngozi');
  await dialog.getByLabel('Email Address').fill('ngozi@example.com');
  await dialog.getByLabel('Phone Number').fill('+234 801 234 5678');
  await dialog.getByLabel('Budget').selectOption('100k-300k');
  await dialog
    .getByLabel('Project Description')
    .fill('A website for my restaurant with a menu and table booking.');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let body: unknown;
  await page.route('**/api/inbox/quote', async (route) => {
    body = route.request().postDataJSON();
    await held;
    await accept(route, 'quote');
  });
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  release();
  expect(body).toMatchObject({ projectType: 'business-builder', budget: '100k-300k' });
  await expect(toast(page, inboxSuccessMessages.quote)).toBeVisible();
  await expect(dialog).toBeHidden();
});
