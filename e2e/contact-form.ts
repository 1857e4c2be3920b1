// The contact page's form, filled as a visitor types it (several specs send a message through it).
import type { Locator, Page } from '@playwright/test';

export type ContactMessage = { name: string; email: string; subject: string; message: string };

export function contactForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Contact message' });
}

export async function fillContactForm(form: Locator, m: ContactMessage): Promise<void> {
  await form.getByLabel('Your Name').fill(m.name);
  await form.getByLabel('Email Address').fill(m.email);
  await form.getByLabel('Subject').fill(m.subject);
  await form.getByLabel('Message').fill(m.message);
}
