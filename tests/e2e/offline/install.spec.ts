// Installable: the web app manifest is complete and valid, the icons are real PNGs of the stated
// sizes, iOS gets its meta tags and touch icon, and Chromium's installability check is clean
// (apart from 'in-incognito', which every Playwright context reports).
import { expect, test, waitForWorker } from '../support/fixtures';
import { holdChunk } from '../support/hold-chunk';

function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

test('the manifest is valid and Chromium finds the app installable', { tag: '@worker' }, async ({ page, context, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href!);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'SocialPay',
    short_name: 'SocialPay',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.description).toBeTruthy();
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['Wallet', '/#/wallet'],
    ['Shop', '/'],
  ]);

  const wanted = [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ];
  for (const [sizes, purpose] of wanted) {
    const icon = manifest.icons.find((i: { sizes: string; purpose?: string }) => i.sizes === sizes && (i.purpose ?? 'any') === purpose);
    expect(icon, `${sizes} ${purpose} icon`).toBeTruthy();
    const img = await request.get(new URL(icon.src, new URL(href!, page.url())).toString());
    expect(img.ok()).toBe(true);
    expect(img.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await img.body());
    expect(`${width}x${height}`).toBe(sizes);
  }

  // iOS: touch icon and meta tags
  const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const touchRes = await request.get(touch!);
  expect(touchRes.ok()).toBe(true);
  expect(pngSize(await touchRes.body())).toEqual({ width: 180, height: 180 });
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'SocialPay');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);

  // The worker controls the page, then Chromium's own checks.
  await waitForWorker(page);
  const cdp = await context.newCDPSession(page);
  const parsed = await cdp.send('Page.getAppManifest');
  expect(parsed.errors).toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});

test('a first visit that goes offline before the worker could load still installs it once back online', { tag: '@worker' }, async ({ page, context }) => {
  // The worker's registration loads after the first screen (workbox-window, a chunk of its own): held
  // here, then failed as offline. Back online it is loaded again and the app is saved for offline use.
  const registration = await holdChunk(page, /\/assets\/workbox-window[\w.-]*\.js$/);
  await page.goto('/');
  await expect.poll(() => registration.count(), { timeout: 30_000 }).toBe(1);

  await context.setOffline(true);
  registration.release();
  await registration.fail();
  await page.waitForTimeout(500); // the failed download has settled, still offline
  expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))).toBe(false);

  await context.setOffline(false);
  await waitForWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
