// node scripts/og/app-icons.ts: draws the shop's icons from the favicon's mark into src/client/public: favicon.ico
// (32 px, for browsers and crawlers that ask for /favicon.ico), apple-touch-icon.png (180 px, full bleed: iOS
// rounds the corners itself) and the web manifest's 192 and 512 px icons, so that a customer who adds the shop
// to the home screen gets its icon, not a blank one. Drawn by Chromium and committed; run again after a rebrand.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/client/public',
);
const executablePath = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

/** The favicon's triangle on the brand colour; `rounded` for the small tab icon, square where the OS masks it. */
const mark = (size: number, rounded: boolean) => `<!doctype html><html><body style="margin:0">
<svg width="${size}" height="${size}" viewBox="0 0 32 32" style="display:block">
  <rect width="32" height="32" rx="${rounded ? 8 : 0}" fill="#4f46e5"/>
  <path d="M9 22l7-12 7 12z" fill="#fff"/></svg></body></html>`;

/** An .ico holding one PNG image (every browser since IE Vista-era reads PNG entries). */
function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the image follows the header
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const draw = async (size: number, rounded: boolean) => {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(mark(size, rounded));
    const png = await page.screenshot({ type: 'png', omitBackground: rounded });
    await page.close();
    return png;
  };
  const write = (name: string, data: Buffer) => {
    fs.writeFileSync(path.join(publicDir, name), data);
    console.log(`written src/client/public/${name} (${data.length} bytes)`);
  };
  write('favicon.ico', icoOf(await draw(32, true), 32));
  write('apple-touch-icon.png', await draw(180, false));
  write('icon-192.png', await draw(192, false));
  write('icon-512.png', await draw(512, false));
} finally {
  await browser.close();
}
