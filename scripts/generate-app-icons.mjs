#!/usr/bin/env node
// Draws the install icons (public/icons/*.png) from the logo's shapes in Chromium: run again when
// the logo changes (`node scripts/generate-app-icons.mjs`); the PNGs are committed.
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#27c994"/><stop offset="1" stop-color="#008961"/></linearGradient></defs>`;
const pulse = `<path d="M10 36h10l5-12 8 22 6-15 4 5h11" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`;
// "any": the rounded tile as in the header. "maskable": full bleed, the pulse inside the 80 % safe zone.
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" rx="16" fill="url(#g)"/>${pulse}</svg>`;
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(12.8 12.8) scale(0.6)">${pulse}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: anyIcon },
  { file: 'icon-512.png', size: 512, svg: anyIcon },
  { file: 'maskable-192.png', size: 192, svg: maskableIcon },
  { file: 'maskable-512.png', size: 512, svg: maskableIcon },
  { file: 'apple-touch-icon.png', size: 180, svg: maskableIcon },
];

mkdirSync('public/icons', { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const { file, size, svg } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: true });
  await page.close();
}
await browser.close();
console.info(`Wrote ${icons.length} icons to public/icons/`);
