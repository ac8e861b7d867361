// Renders scripts/og-image.svg to src/client/public/og-default.png (1200×630), the branded image that link
// previews show for pages without a picture of their own. Run it after editing the SVG; the PNG is committed.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'scripts/og-image.svg'), 'utf8');
const out = path.join(root, 'src/client/public/og-default.png');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><style>html,body{margin:0}</style>${svg}`);
  await page.locator('svg').screenshot({ path: out, type: 'png' });
} finally {
  await browser.close();
}
console.log(`wrote ${path.relative(root, out)} (${fs.statSync(out).size} bytes)`);
