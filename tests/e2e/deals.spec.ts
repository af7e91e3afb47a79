// Find the best deal (shop sort and filter, Highest rewards row, recent searches, offline) and Share my
// impact (the PNG handed to the Web Share API, and the download where it cannot share), against the
// built server. The shop part is a visitor's (no sign-in); the share part signs in as the read-only demo.
import type { Page } from '@playwright/test';
import type { Brand, Paged } from '../../server/contract/types';
import { signInFast, test, waitForWorker, expect, expectNoA11yViolations } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { savedQueryCache } from './support/saved-cache';
import { USERS } from './support/users';

/** The shop's one scale, restated: a fixed reward (minor units) is its share of a €50 purchase. */
const scale = (b: Brand) => (b.giftcard_type === 'fixed' ? (b.giftcard_percent / 5000) * 100 : b.giftcard_percent);

async function apiBrands(page: Page): Promise<Brand[]> {
  const res = await page.request.get('/api/v1.0/site/corporate-partners/all?limit=200&offset=0');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as Paged<Brand>;
  expect(body.metadata.total).toBe(body.results.length); // the seeded catalogue fits one page
  return body.results;
}

/**
 * "Recommended", restated: the shop's rows (categories by sort_order, missing last, ties by id), each in
 * the API's order, each brand at its first row; brands in no category last.
 */
function shopOrder(api: Brand[]): Brand[] {
  const first = (b: Brand) =>
    [b.category, ...b.secondary_categories]
      .filter((c) => c !== null)
      .map((c) => [c.sort_order ?? 999, c.id] as const)
      .sort((x, y) => x[0] - y[0] || x[1] - y[1])[0] ?? ([Number.MAX_SAFE_INTEGER, 0] as const);
  return api.map((b, i) => ({ b, i, r: first(b) })).sort((x, y) => x.r[0] - y.r[0] || x.r[1] - y.r[1] || x.i - y.i).map((x) => x.b);
}

const tileIds = (scope: ReturnType<Page['locator']>) =>
  scope.locator('.sp-tile').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-brand-id'))));

test('find the best deal: sorts and filters match the API, searches are remembered, and it works offline', { tag: '@worker' }, async ({ page, context, pageErrors }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  // The worker serves the app when offline later.
  await waitForWorker(page);
  const api = await apiBrands(page);
  const recommended = shopOrder(api).map((b) => b.id);
  const byReward = shopOrder(api).map((b, i) => ({ b, i })).sort((x, y) => scale(y.b) - scale(x.b) || x.i - y.i).map((x) => x.b.id);
  const collator = new Intl.Collator('en-GB', { sensitivity: 'base', numeric: true });
  const byName = [...api].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id).map((b) => b.id);
  const withGiftCards = api.filter((b) => b.giftcard_percent > 0);
  expect(recommended.slice(0, 24)).not.toEqual(byName.slice(0, 24)); // the catalogue tells them apart

  // The Highest rewards row: the eight best by the same scale.
  const row = page.getByRole('region', { name: 'Highest rewards' });
  await row.scrollIntoViewIfNeeded();
  await expect(row.locator('.sp-tile')).toHaveCount(8);
  expect(await tileIds(row)).toEqual(byReward.slice(0, 8));
  await expect(row.getByText(/Rewards compare as a percentage: a fixed reward counts as its share of a €50\.00 purchase \(€2\.50 = 5%\)/)).toBeVisible();
  // A fixed reward says where it stands on that scale.
  const fixed = api.find((b) => b.id === byReward.slice(0, 8).find((id) => api.find((x) => x.id === id)!.giftcard_type === 'fixed'))!;
  await expect(row.locator(`.sp-tile[data-brand-id="${fixed.id}"]`)).toContainText(`${scale(fixed)}% on €50.00`);

  // Sort & filter: recommended is the shop's order (its rows), not the API's A–Z.
  await page.getByRole('button', { name: 'Sort & filter' }).click();
  const panel = page.getByRole('region', { name: 'Find the best deal' });
  await expect(panel.getByRole('heading', { name: 'Find the best deal' })).toBeFocused();
  const sortBy = panel.getByRole('group', { name: 'Sort by' });
  await expect(sortBy.getByRole('radio', { name: 'Recommended' })).toBeChecked();
  await expect(panel.getByTestId('deals-count')).toHaveText(`${api.length} brands, recommended first`);
  await expect(panel.locator('.sp-tile')).toHaveCount(24);
  expect(await tileIds(panel)).toEqual(recommended.slice(0, 24));
  await expectNoA11yViolations(page, 'deals panel');

  // Highest reward first, announced.
  await sortBy.getByRole('radio', { name: 'Highest reward' }).check();
  await expect(page.locator('[data-live="polite"]').first()).toContainText(`${api.length} brands, highest reward first`);
  await expect.poll(() => tileIds(panel)).toEqual(byReward.slice(0, 24));
  await panel.getByRole('button', { name: /^Show more/ }).click();
  await expect.poll(() => tileIds(panel)).toEqual(byReward.slice(0, 48));

  // A–Z, and the gift-card filter.
  await sortBy.getByRole('radio', { name: 'A–Z' }).check();
  await expect.poll(() => tileIds(panel)).toEqual(byName.slice(0, 24));
  await panel.getByRole('checkbox', { name: 'Only brands with gift cards' }).check();
  await expect(panel.getByTestId('deals-count')).toHaveText(`${withGiftCards.length} brands, A to Z`);

  // Back to the rows; focus returns to the button.
  await panel.getByRole('button', { name: 'Back to all brands' }).click();
  await expect(page.getByRole('button', { name: 'Sort & filter' })).toBeFocused();
  await expect(panel).toHaveCount(0);

  // Recent searches: Enter remembers one; it is still there after a reload; it searches again; Clear forgets.
  const search = page.locator('#shop-search-input');
  await search.fill('kiezel');
  await search.press('Enter');
  await expect(page.getByRole('region', { name: /Results for “kiezel”/ }).getByText('Kiezelhuis', { exact: true })).toBeVisible();
  await page.reload();
  // The search text and its results are kept across the reload of the tab.
  await expect(page.locator('#shop-search-input')).toHaveValue('kiezel');
  await expect(page.getByRole('region', { name: /Results for “kiezel”/ }).getByText('Kiezelhuis', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  const recent = page.getByRole('region', { name: 'Recent searches' });
  await recent.getByRole('button', { name: 'kiezel', exact: true }).click();
  await expect(page.locator('#shop-search-input')).toHaveValue('kiezel');
  await expect(page.getByRole('region', { name: /Results for “kiezel”/ }).getByText('Kiezelhuis', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(recent).toBeVisible();
  await recent.getByRole('button', { name: 'Clear recent searches' }).click();
  await expect(recent).toHaveCount(0);
  await expect(page.locator('#shop-search-input')).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('socialpay.recent-searches'))).toBeNull();

  // With the recent list open, a click below it lands: the list stays until the click is done.
  await search.fill('kiezel');
  await search.press('Enter');
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(recent).toBeVisible();
  await page.getByRole('button', { name: 'Sort & filter' }).click();
  await expect(panel).toBeVisible();
  await expect(recent).toHaveCount(0);
  await panel.getByRole('button', { name: 'Back to all brands' }).click();
  // Escape closes it from the keyboard; focus stays in the field.
  await search.focus();
  await expect(recent).toBeVisible();
  await search.press('Escape');
  await expect(recent).toHaveCount(0);
  await expect(search).toBeFocused();

  // Offline start: the saved catalogue sorts the same as online.
  await goOffline(context);
  try {
    await page.reload();
    await page.getByRole('button', { name: 'Sort & filter' }).click();
    const offlinePanel = page.getByRole('region', { name: 'Find the best deal' });
    await offlinePanel.getByRole('group', { name: 'Sort by' }).getByRole('radio', { name: 'Highest reward' }).check();
    await expect(offlinePanel.getByTestId('deals-count')).toHaveText(`${api.length} brands, highest reward first`);
    await expect.poll(() => tileIds(offlinePanel)).toEqual(byReward.slice(0, 24));
  } finally {
    await goOnline(context);
  }
  expect(pageErrors).toEqual([]);
});

test('Highest rewards opens from beside Sort & filter; the order chosen is kept across reloads', async ({ page }) => {
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Find the best deal' });
  const sortBy = panel.getByRole('group', { name: 'Sort by' });
  // Found at the top of the shop, not only as the row among the categories.
  await page.getByRole('button', { name: 'Highest rewards', exact: true }).click();
  await expect(panel.getByRole('heading', { name: 'Find the best deal' })).toBeFocused();
  await expect(sortBy.getByRole('radio', { name: 'Highest reward' })).toBeChecked();
  await expect(panel.getByTestId('deals-count')).toHaveText(/brands, highest reward first$/);

  // A–Z chosen, then a reload: the panel is back, in A–Z.
  await sortBy.getByRole('radio', { name: 'A–Z' }).check();
  await page.reload();
  await expect(sortBy.getByRole('radio', { name: 'A–Z' })).toBeChecked();
  await expect(panel.getByTestId('deals-count')).toHaveText(/brands, A to Z$/);
  // The gift-card filter too.
  const giftCardsOnly = panel.getByRole('checkbox', { name: 'Only brands with gift cards' });
  await giftCardsOnly.check();
  const filtered = await panel.getByTestId('deals-count').textContent();
  await page.reload();
  await expect(giftCardsOnly).toBeChecked();
  await expect(panel.getByTestId('deals-count')).toHaveText(filtered!);
  await giftCardsOnly.uncheck();

  // Closed, then a reload: the rows show; Sort & filter opens in the order last chosen.
  await panel.getByRole('button', { name: 'Back to all brands' }).click();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Highest rewards' })).toBeAttached();
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: 'Sort & filter' }).click();
  await expect(sortBy.getByRole('radio', { name: 'A–Z' })).toBeChecked();
  await expectNoA11yViolations(page, 'deals panel opened again');
});

test('offline before the catalogue was ever loaded: Sort & filter sorts the rows\' brands and says so', { tag: '@worker' }, async ({ page, context, pageErrors }) => {
  // The Highest rewards row (which downloads the whole catalogue) stays below the screen: never scrolled to.
  await page.goto('/');
  await waitForWorker(page);
  const rows = page.locator('section[data-category-id]');
  await expect(rows.first().locator('.sp-tile').first()).toBeVisible();
  const loadedRows = await rows.filter({ has: page.locator('.sp-tile') }).count();
  // The rows are in the saved query cache (its writes are throttled).
  await expect
    .poll(async () => (JSON.stringify(await savedQueryCache(page)).match(/"row",/g) ?? []).length)
    .toBeGreaterThanOrEqual(loadedRows);
  await goOffline(context);
  try {
    await page.reload();
    await expect(rows.first().locator('.sp-tile').first()).toBeVisible();
    // The rows' brands, each at its first row: the shop's order.
    const rowIds = [...new Set(await tileIds(rows))];
    await page.getByRole('button', { name: 'Sort & filter' }).click();
    const panel = page.getByRole('region', { name: 'Find the best deal' });
    // The rows' brands and the few others the shop saved (the gift-card tile's).
    const notice = panel.getByText(/^You are offline: showing only the \d+ brands saved on this device\.$/);
    await expect(notice).toBeVisible();
    const saved = Number((await notice.innerText()).match(/\d+/)![0]);
    expect(saved).toBeGreaterThanOrEqual(rowIds.length);
    await expect(panel.getByTestId('deals-count')).toHaveText(`${saved} brands, recommended first`);
    await expect(panel.getByText('Loading…')).toHaveCount(0);
    expect(await tileIds(panel)).toEqual(rowIds.slice(0, 24));
  } finally {
    await goOnline(context);
  }
  expect(pageErrors).toEqual([]);
});

test('the shop at 320 px: Sort & filter reflows in Dutch', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/#/nl/');
  await page.getByRole('button', { name: 'Sorteren & filteren' }).click();
  const panel = page.getByRole('region', { name: 'Vind de beste deal' });
  await panel.getByRole('radio', { name: 'Hoogste beloning' }).check();
  await expect(panel.getByTestId('deals-count')).toHaveText(/^\d+ merken, hoogste beloning eerst$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoA11yViolations(page, 'deals panel at 320 px (nl)');
});

/** Replaces the Web Share API with one that records what it was given (the file's bytes too). */
async function captureShares(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shares: unknown[] };
    w.__shares = [];
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: (d: ShareData) => !!d.files?.length });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (d: ShareData) => {
        const files = await Promise.all(
          (d.files ?? []).map(async (f) => {
            const bytes = new Uint8Array(await f.arrayBuffer());
            const bitmap = await createImageBitmap(f);
            return { name: f.name, type: f.type, size: f.size, head: Array.from(bytes.slice(0, 8)), width: bitmap.width, height: bitmap.height };
          }),
        );
        w.__shares.push({ title: d.title, text: d.text, url: d.url, files });
      },
    });
  });
}

interface Shared {
  title: string;
  text: string;
  url?: string;
  files: { name: string; type: string; size: number; head: number[]; width: number; height: number }[];
}

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

test('share my impact: a PNG of the year through the Web Share API, in both languages, else a download', async ({ page, pageErrors }) => {
  const year = new Date().getFullYear();
  await captureShares(page);
  await signInFast(page, USERS.demo);
  await page.goto('/#/my-impact');
  const dialog = page.getByRole('dialog');
  // The button waits for the year's savings (the same query): read them once they are in.
  await expect(dialog.getByRole('button', { name: 'Share my impact' })).toBeEnabled();
  await expect(dialog.getByTestId('savings-year-to-date')).toHaveText(/€/);
  const savings = (await dialog.getByTestId('savings-year-to-date').innerText()).trim();
  await dialog.getByRole('button', { name: 'Share my impact' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shares: unknown[] }).__shares.length)).toBe(1);
  const [shared] = await page.evaluate(() => (window as unknown as { __shares: Shared[] }).__shares);
  expect(shared!.files).toHaveLength(1);
  const file = shared!.files[0]!;
  expect(file).toMatchObject({ name: `socialpay-impact-${year}.png`, type: 'image/png', head: PNG_SIGNATURE, width: 1080, height: 1080 });
  expect(file.size).toBeGreaterThan(10_000);
  expect(shared!.text).toContain(`In ${year} I saved ${savings} for my future`);
  await expectNoA11yViolations(page, 'my impact with share');

  // Dutch: the picture and the text in Dutch.
  await page.goto('/#/nl/my-impact');
  await page.getByRole('dialog').getByRole('button', { name: 'Deel mijn impact' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shares: unknown[] }).__shares.length)).toBe(2);
  const nl = (await page.evaluate(() => (window as unknown as { __shares: Shared[] }).__shares))[1]!;
  expect(nl.files[0]).toMatchObject({ type: 'image/png', head: PNG_SIGNATURE, width: 1080 });
  expect(nl.text).toMatch(new RegExp(`^In ${year} spaarde ik €`));

  // Without the Web Share API the picture is downloaded.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: undefined });
  });
  await page.goto('/#/my-impact');
  const downloading = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Share my impact' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`socialpay-impact-${year}.png`);
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.length).toBeGreaterThan(10_000);
  await expect(page.getByText('Your impact picture was downloaded.').first()).toBeVisible();
  expect(pageErrors).toEqual([]);
});
