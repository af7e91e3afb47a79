// Cold start (Lighthouse issue #7): the skeleton paints before the stylesheets arrive but the app never
// renders unstyled; the first screen's data is asked for at boot, once; the first tiles load eagerly.
// Read-only: the visitor and demo@socialpay.test.
import type { Page, Request, Route } from '@playwright/test';
import { expect, signInFast, test } from './support/fixtures';
import { userEmail } from './support/users';

/** Records, in the page, when the React app first appears and whether every stylesheet was applied then. */
async function watchAppAppearance(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __app?: { at: number; sheets: number; unloaded: number } };
    new MutationObserver((_, obs) => {
      if (!document.querySelector('#root .app')) return;
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
      w.__app = { at: performance.now(), sheets: links.length, unloaded: links.filter((l) => !l.sheet).length };
      obs.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}

test('the skeleton paints while the stylesheets are still loading; the app waits for them', async ({ page, pageErrors }) => {
  await watchAppAppearance(page);
  const held: Route[] = [];
  let release = false;
  await page.route('**/assets/*.css', async (route) => {
    if (release) return route.continue();
    held.push(route);
  });
  await page.goto('/', { waitUntil: 'commit' });
  // First contentful paint (the skeleton's "SocialPay") happens with the CSS still held back.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), { timeout: 10_000 })
    .toBe(1);
  expect(held.length).toBeGreaterThan(0);
  await page.waitForTimeout(500);
  expect(await page.locator('#root .app').count(), 'the app rendered before its stylesheets were in').toBe(0);
  await expect(page.locator('.boot-logo')).toHaveText('SocialPay');

  release = true;
  for (const route of held.splice(0)) await route.continue();
  await expect(page.locator('main .sp-shop')).toBeVisible();
  const app = await page.evaluate(() => (window as unknown as { __app?: { sheets: number; unloaded: number } }).__app);
  expect(app?.sheets, 'app stylesheets in the document when the app appeared').toBeGreaterThan(0);
  expect(app?.unloaded, 'stylesheets still loading when the app appeared').toBe(0);
  // And they apply: the app's body style (margin 0 and the page background from styles.css).
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(246, 248, 247)');
  expect(pageErrors).toEqual([]);
});

function countRequests(page: Page): (pattern: RegExp) => number {
  const seen: Request[] = [];
  page.on('request', (r) => seen.push(r));
  return (pattern) => seen.filter((r) => pattern.test(r.url())).length;
}

test('a cold visitor start asks for the first screen at boot, each answer once, with the first tiles loading eagerly', async ({ page }) => {
  await watchAppAppearance(page);
  const count = countRequests(page);
  await page.goto('/');
  const firstRow = page.locator('main section.sp-row').first();
  await expect(firstRow.locator('.sp-tile')).toHaveCount(8);
  await page.waitForTimeout(1000); // anything a component would (wrongly) fetch again

  // The public catalogue needs no token: no client-credentials round trip ahead of the first rows.
  expect(count(/\/oauth\/v2\/token$/)).toBe(0);
  expect(count(/\/site\/categories\?/)).toBe(1);
  expect(count(/\/site\/corporate-partners\/all\?.*filter%5Bprimary%5D=1/)).toBe(1);
  for (const id of await page.locator('main section.sp-row[data-category-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-category-id')))) {
    expect(count(new RegExp(`/site/corporate-partners/${id}\\?limit=8&`)), `row ${id}`).toBeLessThanOrEqual(1);
  }
  // At boot: the categories were requested before the app's first render, not by a mounted component.
  const timing = await page.evaluate(() => {
    const categories = performance.getEntriesByType('resource').find((e) => e.name.includes('/site/categories?'));
    return { categories: categories?.startTime ?? Infinity, app: (window as unknown as { __app?: { at: number } }).__app?.at ?? -1 };
  });
  expect(timing.categories).toBeLessThan(timing.app);

  // The first row's first photos load at once and at high priority; rows further down stay lazy.
  const photos = firstRow.locator('img.sp-tile__photo');
  await expect(photos.nth(0)).toHaveAttribute('loading', 'eager');
  await expect(photos.nth(0)).toHaveAttribute('fetchpriority', 'high');
  await expect(photos.nth(2)).toHaveAttribute('loading', 'eager');
  expect(await photos.nth(2).getAttribute('fetchpriority')).toBeNull();
  await expect(photos.nth(7)).toHaveAttribute('loading', 'lazy');
  // Further down (below the Highest rewards row) no photo is even asked for until the row nears the screen.
  const thirdRow = page.locator('main section.sp-row[data-category-id]').nth(2);
  await expect(thirdRow.locator('.sp-tile')).toHaveCount(8);
  expect(await thirdRow.locator('img.sp-tile__photo').evaluateAll((els) => els.map((e) => e.getAttribute('loading')).filter((l) => l !== 'lazy'))).toEqual([]);
});

test('a signed-in cold start on #/wallet fetches the wallet, the Favorites row and the categories once each', async ({ page }) => {
  await signInFast(page, userEmail('demo'));
  await page.goto('about:blank'); // counting starts here: the signed-in reload's own requests are not this start's
  const count = countRequests(page);
  await page.goto('/#/wallet');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Wallet' })).toBeVisible();
  await expect(dialog.locator('.sp-wallet__item').first()).toBeVisible();
  await expect(page.locator('main .sp-row--favorites .sp-tile').first()).toBeVisible();
  await page.waitForTimeout(1000);
  expect(count(/\/api\/v1\.0\/wallet\/me$/)).toBe(1);
  expect(count(/\/corporate-partners\/favorites\?/)).toBe(1);
  expect(count(/\/api\/v1\.0\/site\/categories\?/)).toBe(1); // the public list, preloaded by index.html
  expect(count(/\/oauth\/v2\/token$/)).toBe(0); // a signed-in start needs no visitor token
  // The Favorites row is the first row: its first photo is the high-priority one.
  await expect(page.locator('main .sp-row--favorites img.sp-tile__photo').first()).toHaveAttribute('fetchpriority', 'high');
});

test("a row's arrows know its edges once laid out: back disabled at the start, forward disabled at the end", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const row = page.locator('main section.sp-row').first();
  await expect(row.locator('.sp-tile')).toHaveCount(8);
  const back = row.getByRole('button', { name: /back|previous/i });
  const forward = row.getByRole('button', { name: /forward|next/i });
  await expect(back).toBeDisabled();
  await expect(forward).toBeEnabled();
  await row.getByRole('list').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(forward).toBeDisabled();
  await expect(back).toBeEnabled();
});

test('on a phone, a start straight onto the wallet builds the wallet, not the shop hidden under it; the shop comes when the screen closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInFast(page, userEmail('demo'));
  await page.goto('about:blank');
  const count = countRequests(page);
  await page.goto('/#/wallet');
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.sp-wallet__item').first()).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await page.locator('main .sp-row').count(), 'shop rows were built under the full-screen wallet').toBe(0);
  expect(count(/\/corporate-partners\/(category|favorites)/)).toBe(0);
  expect(count(/\/api\/v1\.0\/wallet\/me$/)).toBe(1);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('main .sp-row--favorites .sp-tile').first()).toBeVisible();
  await expect(page.locator('main section.sp-row').first()).toBeVisible();
});

test('on a phone, only the tiles on screen (and half a screen below) ask for images; sideways ones come when the row is scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const images = countRequests(page);
  await page.goto('/');
  const firstRow = page.locator('main section.sp-row').first();
  await expect(firstRow.locator('.sp-tile')).toHaveCount(8);
  await expect(firstRow.locator('img.sp-tile__photo').first()).toBeVisible();
  await page.waitForTimeout(1000);
  // Two whole tiles, one cut off, one spare: the other four have no images yet.
  const withImages = await firstRow.locator('.sp-tile').evaluateAll((tiles) => tiles.map((t) => t.querySelectorAll('img').length > 0));
  expect(withImages.slice(0, 3)).toEqual([true, true, true]);
  expect(withImages.slice(5)).toEqual([false, false, false]);
  const before = images(/\/media\//);
  expect(before, 'images requested before any scrolling').toBeLessThan(40);

  // A swipe along the row (phones have no arrows).
  await firstRow.getByRole('list').evaluate((el) => el.scrollTo({ left: 400 }));
  await expect(firstRow.locator('.sp-tile').nth(7).locator('img').first()).toBeAttached();
  await firstRow.getByRole('list').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(() => images(/\/media\//)).toBeGreaterThan(before);
});

test('while the rows are still on their way, the footer waits below the fold (they never push it down)', async ({ page }) => {
  const held: Route[] = [];
  await page.route('**/site/categories?*', (route) => void held.push(route));
  await page.goto('/');
  await expect(page.locator('main .sp-shop')).toBeVisible();
  const viewport = page.viewportSize()!;
  const footerTop = await page.locator('footer.site-footer').evaluate((el) => el.getBoundingClientRect().top);
  expect(footerTop).toBeGreaterThanOrEqual(viewport.height);
  for (const route of held.splice(0)) await route.continue();
  await expect(page.locator('main section.sp-row').first().locator('.sp-tile')).toHaveCount(8);
});

test("a visitor's first photos are asked for as soon as the first row's data is in, before the row renders, and once", async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstPhotoImg?: number };
    new MutationObserver((_, obs) => {
      if (!document.querySelector('main img.sp-tile__photo')) return;
      w.__firstPhotoImg = performance.now();
      obs.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const count = countRequests(page);
  await page.goto('/');
  const first = page.locator('main section.sp-row[data-category-id]').first().locator('img.sp-tile__photo').first();
  await expect(first).toBeVisible();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = (await first.getAttribute('src'))!;
  const timing = await page.evaluate((url) => ({
    requested: performance.getEntriesByType('resource').find((e) => e.name.endsWith(url))?.startTime ?? Infinity,
    img: (window as unknown as { __firstPhotoImg?: number }).__firstPhotoImg ?? -1,
  }), src);
  expect(timing.requested).toBeLessThan(timing.img);
  expect(count(new RegExp(`${src.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`))).toBe(1);
});
