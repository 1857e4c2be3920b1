// Integration tests of the inbox: the three public forms, the honeypot, the per-address limit, admin access.
import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { inboxErrors as messages, inboxSuccessMessages } from '../../../shared/inbox.ts';
import { createTestApp } from '../../test/test-app.ts';
import { inboxMessages } from './inbox.tables.ts';
import { hashIp } from './submit-message.ts';

const ctx = await createTestApp();
let ipCounter = 0;
let ip = '';

// A fresh address per test keeps the rate limit of one test out of the others.
beforeEach(() => {
  ipCounter += 1;
  ip = `10.0.0.${ipCounter}`;
});

const support = {
  fullName: 'Ada Obi',
  email: 'Ada@Example.com',
  category: 'payment',
  subject: 'Top-up missing',
  message: 'I paid but my wallet shows 0.',
};
const contact = {
  type: 'business',
  name: 'Chidi',
  email: 'chidi@example.com',
  subject: 'Bulk order',
  message: 'Can we talk about 500 accounts?',
};
const quote = {
  projectType: 'business-builder',
  name: 'Ngozi',
  email: 'ngozi@example.com',
  phone: '+234 801 234 5678',
  company: 'Ngozi Foods',
  budget: '100k-300k',
  timeline: '',
  description: 'A website for my restaurant with a menu and booking.',
  features: '',
};

function post(form: 'support' | 'contact' | 'quote', payload: unknown, remoteAddress = ip) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/inbox/${form}`,
    payload: payload as object,
    remoteAddress,
  });
}

async function rowsFrom(address: string) {
  const rows = await ctx.db.select().from(inboxMessages).orderBy(desc(inboxMessages.createdAt));
  return rows.filter((r) => r.fields.ipHash === hashIp(address));
}

describe('the public forms', () => {
  it('stores a support message and answers the SPEC success message', async () => {
    const res = await post('support', support);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: inboxSuccessMessages.support });
    const [row] = await rowsFrom(ip);
    expect(row).toMatchObject({
      kind: 'support',
      name: 'Ada Obi',
      email: 'ada@example.com',
      subject: 'Top-up missing',
      body: 'I paid but my wallet shows 0.',
      status: 'new',
    });
    expect(row!.fields).toMatchObject({ category: 'payment' });
    expect(JSON.stringify(row!.fields)).not.toContain(ip);
  });

  it('stores a contact message with its inquiry type', async () => {
    const res = await post('contact', contact);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(inboxSuccessMessages.contact);
    const [row] = await rowsFrom(ip);
    expect(row).toMatchObject({ kind: 'contact', name: 'Chidi', subject: 'Bulk order' });
    expect(row!.fields).toMatchObject({ type: 'business' });
  });

  it('stores a quote request with the package and only the optional fields that were filled', async () => {
    const res = await post('quote', quote);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(inboxSuccessMessages.quote);
    const [row] = await rowsFrom(ip);
    expect(row).toMatchObject({
      kind: 'quote',
      name: 'Ngozi',
      subject: 'Quote request: Business Builder',
      body: quote.description,
    });
    const { ipHash: _ipHash, ...fields } = row!.fields;
    expect(fields).toEqual({
      projectType: 'business-builder',
      phone: '+234 801 234 5678',
      company: 'Ngozi Foods',
      budget: '100k-300k',
    });
  });

  it.each([
    ['support', { ...support, fullName: '  ' }, messages.fullNameRequired],
    ['support', { ...support, email: 'not-an-email' }, messages.emailInvalid],
    ['support', { ...support, category: 'complaint' }, messages.categoryRequired],
    ['support', { ...support, subject: '' }, messages.subjectRequired],
    ['contact', { ...contact, message: '' }, messages.messageRequired],
    ['contact', { ...contact, type: 'sales' }, messages.typeRequired],
    ['contact', { ...contact, name: undefined }, messages.nameRequired],
    ['quote', { ...quote, phone: '' }, messages.phoneRequired],
    ['quote', { ...quote, phone: 'call me' }, messages.phoneInvalid],
    ['quote', { ...quote, description: ' ' }, messages.descriptionRequired],
    ['quote', { ...quote, projectType: 'mobile-app' }, messages.projectTypeRequired],
    ['support', { ...support, message: 'x'.repeat(5001) }, messages.tooLong],
  ] as const)(
    'refuses an invalid %s form with the field message (%#)',
    async (form, payload, message) => {
      const res = await post(form, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message } });
      expect(await rowsFrom(ip)).toHaveLength(0);
    },
  );

  it('answers a filled honeypot with the usual success but stores nothing', async () => {
    for (const [form, payload] of [
      ['support', support],
      ['contact', contact],
      ['quote', quote],
    ] as const) {
      const res = await post(form, { ...payload, website: 'https://spam.example' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, message: inboxSuccessMessages[form] });
    }
    expect(await rowsFrom(ip)).toHaveLength(0);
  });
});

describe('the per-address limit', () => {
  it('accepts five messages in ten minutes across the forms, refuses the sixth, and not other addresses', async () => {
    for (const [form, payload] of [
      ['support', support],
      ['contact', contact],
      ['quote', quote],
      ['support', support],
      ['contact', contact],
    ] as const) {
      expect((await post(form, payload)).statusCode).toBe(200);
    }
    const sixth = await post('quote', quote);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: messages.rateLimited },
    });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsFrom(ip)).toHaveLength(5);

    const other = await post('support', support, '10.9.9.9');
    expect(other.statusCode).toBe(200);
  });

  it('holds under parallel submissions from one address', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => post('contact', contact)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await rowsFrom(ip)).toHaveLength(5);
  });

  it('counts only messages of the last ten minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await post('contact', contact)).statusCode).toBe(200);
    const rows = await rowsFrom(ip);
    await ctx.db
      .update(inboxMessages)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(inboxMessages.id, rows[0]!.id));
    expect((await post('contact', contact)).statusCode).toBe(200);
    expect((await post('contact', contact)).statusCode).toBe(429);
  });
});

describe('the admin inbox', () => {
  it('is closed to anonymous visitors', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/admin/inbox' });
    expect(list.statusCode).toBe(401);
    expect(list.json().error.code).toBe('UNAUTHENTICATED');
    const [row] = await ctx.db.select().from(inboxMessages).limit(1);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/inbox/${row?.id ?? '00000000-0000-0000-0000-000000000000'}`,
      payload: { status: 'handled' },
    });
    expect(patch.statusCode).toBe(401);
  });
});
