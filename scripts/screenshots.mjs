// Takes the web app manifest's screenshots from the real app (the richer install dialog shows them):
//   npm start                        # or any running SocialPay, then:
//   node scripts/screenshots.mjs [http://localhost:8080]
// Writes public/screenshots/*.webp at the sizes vite.config.ts declares (narrow 720x1560: a 360x780
// phone at 2x; wide 1280x800), then rebuild. Chromium: CHROMIUM_PATH, /usr/bin/chromium, or Playwright's.
// WebP (quality 80) keeps each image small; Chromium's own canvas encoder does it, so no image library.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = (process.argv[2] ?? process.env.SCREENSHOT_URL ?? 'http://localhost:8080').replace(/\/$/, '');
const out = 'public/screenshots';
const NARROW = { viewport: { width: 360, height: 780 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const WIDE = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };

const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });

/** A brand with its photo and logo shown: the detail screen at its best. */
async function showcaseBrand() {
  const res = await fetch(`${base}/api/v1.0/site/corporate-partners/all?limit=24&offset=0`);
  if (!res.ok) throw new Error(`${base} does not answer (${res.status}): start the app first (npm start)`);
  const { results } = await res.json();
  return results.find((b) => b.photo?.url && b.logo?.url && !b.hide_background_image && !b.hide_logo) ?? results[0];
}

/** The page as it looks once its rows (and the brand's screen) have painted with their pictures. */
async function settle(page, { brand, shop }) {
  if (shop) await page.locator('#main .sp-row .sp-tile').nth(2).waitFor({ timeout: 30_000 });
  if (brand) await page.getByRole('dialog').getByRole('heading', { name: brand.name }).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle'); // the pictures in view (lazy ones load as they near it)
  await page.evaluate(() => document.fonts.ready);
}

async function toWebp(png) {
  const page = await browser.newPage(); // about:blank: no CSP in the way of a data: image
  const b64 = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = `data:image/png;base64,${src}`;
    await img.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: img.naturalWidth, height: img.naturalHeight });
    canvas.getContext('2d').drawImage(img, 0, 0);
    return canvas.toDataURL('image/webp', 0.8).split(',')[1];
  }, png.toString('base64'));
  await page.close();
  return Buffer.from(b64, 'base64');
}

async function shot(name, device, path, brand) {
  const context = await browser.newContext({ ...device, reducedMotion: 'reduce', locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  // A phone shows a brand's screen over the whole page (the shop underneath is not even built).
  await settle(page, { brand, shop: !brand || device === WIDE });
  const webp = await toWebp(await page.screenshot());
  writeFileSync(`${out}/${name}.webp`, webp);
  console.log(`${out}/${name}.webp  ${device.viewport.width * device.deviceScaleFactor}x${device.viewport.height * device.deviceScaleFactor}  ${(webp.length / 1024).toFixed(0)} KB`);
  await context.close();
}

mkdirSync(out, { recursive: true });
try {
  const brand = await showcaseBrand();
  await shot('shop-narrow', NARROW, '/');
  await shot('brand-narrow', NARROW, `/#/corporate/${brand.id}`, brand);
  await shot('shop-wide', WIDE, `/#/corporate/${brand.id}`, brand);
} finally {
  await browser.close();
}
