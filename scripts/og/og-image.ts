// node scripts/og/og-image.ts: draws src/client/public/og-image.png, the 1200×630 picture link previews (Open Graph,
// Twitter cards, WhatsApp, which ignores SVG) show for every public page. Drawn by Chromium from the HTML below and
// committed (a flat background keeps it small: WhatsApp skips images over 300 KB): run it again after changing the brand or the tagline.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/client/public/og-image.png',
);
const executablePath = fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px 90px;display:flex;flex-direction:column;
  justify-content:space-between;background:#4338ca;color:#fff;
  font-family:'DejaVu Sans',Arial,sans-serif">
  <div style="display:flex;align-items:center;gap:28px">
    <svg width="96" height="96" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#fff"/>
      <path d="M9 22l7-12 7 12z" fill="#4f46e5"/></svg>
    <span style="font-size:64px;font-weight:700;letter-spacing:-1px">AcctStore</span>
  </div>
  <div style="font-size:60px;font-weight:700;line-height:1.15;letter-spacing:-1px;max-width:1000px">
    Ready-made social media accounts, delivered instantly</div>
  <div style="font-size:30px;opacity:.9">Instagram · TikTok · Twitter · Facebook · YouTube · LinkedIn — paid in naira</div>
</div></body></html>`;

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: out, type: 'png' });
  console.log(`written ${path.relative(process.cwd(), out)} (${fs.statSync(out).size} bytes)`);
} finally {
  await browser.close();
}
