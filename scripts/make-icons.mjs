// Renders the app's icons (public/icons/*.png) from the logo SVG with headless Chromium, so no
// image library with native parts is needed. Run once after changing the logo: node scripts/make-icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const ICONS = new URL('../public/icons/', import.meta.url);
const logo = readFileSync(new URL('icon.svg', ICONS), 'utf8');
// Maskable: the indigo fills the whole square (the platform cuts its own shape) and the check
// stays inside the safe zone, the centred circle of 80% of the width.
const maskable = logo.replace(/<rect [^>]*\/>/, '<rect width="512" height="512" fill="#4f46e5"/>');
if (maskable === logo) throw new Error('icon.svg: no <rect …/> background to make full-bleed');

const outputs = [
  { file: 'icon-192.png', svg: logo, size: 192 },
  { file: 'icon-512.png', svg: logo, size: 512 },
  { file: 'icon-maskable-192.png', svg: maskable, size: 192 },
  { file: 'icon-maskable-512.png', svg: maskable, size: 512 },
  // iOS rounds the corners itself and shows transparency as black: the full-bleed variant.
  { file: 'apple-touch-icon.png', svg: maskable, size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, svg, size } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    writeFileSync(new URL(file, ICONS), png);
    console.log(`public/icons/${file}: ${size}×${size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
