// The store's logo: an admin uploads a PNG, JPEG or WebP of at most 256 KB whose bytes are what its type says; it
// is served at a versioned address, named to the pages (GET /api/site) and audited; removing it is a change too.
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { quickAdmin, quickCustomer, SAME_ORIGIN } from '../../test/auth-helpers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { auditLog } from '../audit/audit.tables.ts';

const { app, db } = await createTestApp();
const admin = await quickAdmin(db);
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const upload = (image: string | null, cookie = admin.cookie) =>
  app.inject({
    method: 'PUT',
    url: '/api/admin/settings/logo',
    headers: { cookie, ...SAME_ORIGIN },
    payload: { image },
  });
const site = async () =>
  (await app.inject({ url: '/api/site' })).json<{ logoUrl: string | null }>();

describe('the logo', () => {
  it('refuses what is not a small PNG, JPEG or WebP, or not what its type says', async () => {
    const cases: [string, string][] = [
      [
        dataUrl('image/svg+xml', Buffer.from('<svg/>')),
        'The logo must be a PNG, JPEG or WebP image',
      ],
      [dataUrl('image/png', JPEG_START), 'That file is not the image its type says'],
      [dataUrl('image/jpeg', PNG), 'That file is not the image its type says'],
      [
        dataUrl('image/png', Buffer.concat([PNG, Buffer.alloc(300 * 1024)])),
        'The logo is at most 256 KB',
      ],
    ];
    for (const [image, message] of cases) {
      const res = await upload(image);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(
      (await upload(dataUrl('image/png', PNG), (await quickCustomer(db)).cookie)).statusCode,
    ).toBe(403);
    expect((await site()).logoUrl).toBeNull();
  });

  it('is served at a versioned address, named to the pages, and audited; removed, it is gone', async () => {
    const res = await upload(dataUrl('image/png', PNG));
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = res.json().settings.logoUrl as string;
    expect(logoUrl).toMatch(/^\/api\/site\/logo\?v=\w+$/);
    expect((await site()).logoUrl).toBe(logoUrl);

    const served = await app.inject({ url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.logo'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry?.details).toEqual({ type: 'image/png', bytes: PNG.length });

    expect((await upload(null)).json().settings.logoUrl).toBeNull();
    expect((await site()).logoUrl).toBeNull();
    expect((await app.inject({ url: logoUrl })).statusCode).toBe(404);
  });
});
