// The store's name and logo in the pages the server sends, from the request after a save on: the server-rendered
// home page (kept between visitors, so rendered again), its link-preview tags and icon, the shell of a page the
// browser renders, and the header and footer the hydrating browser reads them from.
import { describe, expect, it } from 'vitest';
import { buildWebApp } from '../../test/build-web-app.ts';
import { quickAdmin, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';

const built = await buildWebApp();
const { app, db } = await createTestApp({ deps: built });
const admin = await quickAdmin(db);
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const put = async (url: string, payload: object) => {
  const res = await app.inject({
    method: 'PUT',
    url,
    headers: { cookie: admin.cookie, ...SAME_ORIGIN },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ settings: Record<string, unknown> }>().settings;
};
const rename = async (storeName: string) => {
  const {
    logoUrl: _,
    updatedAt: __,
    telegramBotTokenSet: ___,
    ...rest
  } = (await app.inject({ url: '/api/admin/settings', headers: { cookie: admin.cookie } })).json<
    Record<string, unknown>
  >();
  return put('/api/admin/settings', { ...rest, storeName });
};
const html = async (url: string) => (await app.inject({ url })).body;
const title = (page: string) => /<title>([\s\S]*?)<\/title>/.exec(page)?.[1];
const meta = (page: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(page)?.[1];

describe("the store's name and logo in the pages", () => {
  it('the home page, kept between visitors, says the name saved a moment ago', async () => {
    expect(title(await html('/'))).toBe(
      'AcctStore — Buy ready-made social media accounts in Nigeria',
    );
    await rename('Tunde & Co');
    const page = await html('/');
    expect(title(page)).toBe('Tunde &amp; Co — Buy ready-made social media accounts in Nigeria');
    expect(meta(page, 'og:site_name')).toBe('Tunde &amp; Co');
    expect(meta(page, 'application-name')).toBe('Tunde &amp; Co');
    expect(page).toMatch(/© <span[^>]*>\d{4}<\/span> Tunde &amp; Co\. All rights/);
    expect(title(await html('/about'))).toBe('About Us | Tunde &amp; Co');
    expect(title(await html('/login'))).toBe('Sign in | Tunde &amp; Co');
    expect(meta(await html('/login'), 'description')).toBe(
      'Sign in to your Tunde &amp; Co account to buy accounts and manage your wallet.',
    );
    expect(title(await html('/wallet'))).toBe(
      'Tunde &amp; Co — Buy ready-made social media accounts in Nigeria',
    );
  });

  it('a logo becomes the header mark, the tab icon and the link-preview image', async () => {
    const { logoUrl } = await put('/api/admin/settings/logo', {
      image: `data:image/png;base64,${PNG}`,
    });
    const page = await html('/');
    expect(page).toContain(`<link rel="icon" href="${String(logoUrl).replace('&', '&amp;')}" />`);
    expect(page).not.toContain('href="/favicon.svg"');
    expect(meta(page, 'og:image')).toBe(`http://localhost:3000${String(logoUrl)}`);
    expect(meta(page, 'twitter:card')).toBe('summary');
    expect(page).toMatch(new RegExp(`<img src="${String(logoUrl).replace('?', '\\?')}"`));

    await put('/api/admin/settings/logo', { image: null });
    const without = await html('/');
    expect(without).toContain('href="/favicon.svg"');
    expect(meta(without, 'og:image')).toBe('http://localhost:3000/og-image.png');
  });
});
