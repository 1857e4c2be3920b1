// The public pages as a search engine, a link preview or a phone with JavaScript off receives them: the HTML itself
// carries each page's heading, prices and key text, its head tags and JSON-LD, the right status, and a strict CSP.
import { describe, expect, it } from 'vitest';
import { quickAdmin, quickCustomer } from '../../test/auth-helpers.ts';
import { pagesTestKit } from '../../test/kits/pages-kit.ts';

const { app, db, get, pageData, account } = await pagesTestKit();

describe("a signed-in user's page from the first byte", () => {
  it('names the signed-in customer, shows their balance and menu, and keeps the page out of shared caches', async () => {
    const { user, cookie } = await quickCustomer(db, 1_234_500);
    for (const url of ['/', '/products', `/product/${account.id}`, '/category/instagram']) {
      const res = await app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(pageData(res.body).me?.email, url).toBe(user.email);
      // The navbar: the balance and the account menu, not a visitor's Sign In / Get Started.
      expect(res.body, url).toContain('₦12,345.00');
      expect(res.body, url).toContain('<span class="sr-only">Account menu</span>');
      expect(res.body, url).not.toContain('>Get Started<');
      expect(res.headers['cache-control'], url).toBe('private, no-store');
      expect(res.headers.vary, url).toMatch(/cookie/i);
    }
    // The single-account page's purchase box is the customer's Buy Now, a form sent to this account's checkout.
    const product = (await app.inject({ url: `/product/${account.id}`, headers: { cookie } })).body;
    expect(product).toMatch(/<form[^>]*action="\/checkout"[^>]*>/);
    expect(product).toContain(`name="account" value="${account.id}"`);
    expect(product).toMatch(/Buy Now/);
    expect(product).not.toContain('Sign In to Purchase');
  });

  it("gives a visitor the sign-in call to action in the HTML, and never keeps a customer's page for the next visitor", async () => {
    const { cookie } = await quickCustomer(db, 500_00);
    await app.inject({ url: '/about', headers: { cookie } });
    const visitor = await get('/about');
    expect(pageData(visitor.body).me).toBeNull();
    expect(visitor.body).not.toContain('₦500.00');
    expect(visitor.body).toContain('>Get Started<');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    const product = (await get(`/product/${account.id}`)).body;
    expect(product).toContain('Sign In to Purchase');
    expect(product).toMatch(/<form[^>]*action="\/checkout"[^>]*>/);
    expect(product).toContain(`name="account" value="${account.id}"`);
    // Every Buy Now on /products is a form to that group's checkout, with its quantity field.
    const products = (await get('/products')).body;
    const forms = [...products.matchAll(/<form[^>]*action="\/checkout"[^>]*>([\s\S]*?)<\/form>/g)];
    expect(forms.length).toBeGreaterThan(0);
    for (const [, fields] of forms) {
      expect(fields).toMatch(/name="group" value="[0-9a-f-]{36}"/);
      expect(fields).toMatch(/name="quantity"/);
    }
  });

  it("shows an admin the admins' note instead of Buy Now", async () => {
    const { cookie } = await quickAdmin(db);
    const product = (await app.inject({ url: `/product/${account.id}`, headers: { cookie } })).body;
    expect(product).toContain('Admins cannot');
    expect(product).not.toContain('Sign In to Purchase');
  });
});
