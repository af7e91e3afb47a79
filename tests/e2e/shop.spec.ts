// Shop page, brands and favourites on the production build and the real server (demo2).
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, signInFast, test } from './support/fixtures';
import { DEMO_PASSWORD, userEmail } from './support/users';

const EMAIL = userEmail('shop');

async function api<T>(page: Page, path: string, init: { method?: string; token?: string } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(`/api/v1.0${path}`, {
        method: init.method ?? 'GET',
        headers: init.token ? { Authorization: `Bearer ${init.token}` } : {},
      });
      return res.json();
    },
    { path, init },
  ) as Promise<T>;
}

async function userToken(page: Page): Promise<string> {
  return page.evaluate(
    async ({ email, password }) => {
      const res = await fetch('/oauth/v2/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username: email, password, scope: 'ios' }),
      });
      return (await res.json()).access_token as string;
    },
    { email: EMAIL, password: DEMO_PASSWORD },
  );
}

type Paged = { metadata: { total: number }; results: { id: number; name: string; is_favorite: boolean }[] };

function row(page: Page, name: string) {
  return page.locator('main').getByRole('region', { name, exact: true });
}

test.describe('visitor', () => {
  test('browses rows, scrolls, loads more, searches, and a brand leads to the start screen', async ({ page, pageErrors }) => {
    await page.goto('/');
    const fashion = row(page, 'Fashion');
    await expect(fashion.getByRole('listitem')).toHaveCount(8);
    await expectNoA11yViolations(page, 'shop (visitor)');

    // Arrows scroll the row.
    const track = fashion.getByRole('list');
    const before = await track.evaluate((el) => el.scrollLeft);
    await fashion.getByRole('button', { name: /forward/i }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);

    // Load more expands the row into the grid (Fashion has 11 brands: one page of 12, not full → no more).
    await fashion.getByRole('button', { name: 'Load more in Fashion' }).click();
    await expect(fashion.getByRole('listitem')).toHaveCount(11);
    await expect(fashion.getByRole('button', { name: 'Load more', exact: true })).toHaveCount(0);

    // A big result grid pages 12 at a time while full pages come back.
    const search = page.locator('#shop-search-input');
    await search.fill('e');
    const grid = page.getByRole('region', { name: /Results for/ });
    await expect(grid.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '12');
    await grid.getByRole('button', { name: 'Load more', exact: true }).click();
    await expect(grid.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '24');

    // Search while typing; the X clears it and the rows come back.
    await search.fill('kiezel');
    const results = page.getByRole('region', { name: /Results for/ });
    await expect(results.getByText('Kiezelhuis', { exact: true })).toBeVisible();
    await expect(results.getByRole('listitem').filter({ hasNotText: /kiezel/i })).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(row(page, 'Fashion')).toBeVisible();

    // Enter searches too.
    await search.fill('eenhoorn');
    await search.press('Enter');
    await expect(page.getByRole('region', { name: /Results for “eenhoorn”/ }).getByText('Éénhoorn Speelgoed', { exact: true })).toBeVisible();

    // Category chip: only that category.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Electronics' }).click();
    await expect(page.getByRole('region', { name: 'Electronics' }).getByRole('listitem').first()).toBeVisible();
    // A reload of the tab keeps the chosen category.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Electronics' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'Electronics' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: 'All' }).click();
    await page.reload();
    await expect(row(page, 'Fashion')).toBeVisible();

    // A brand is a link to its gift card: Ctrl+click opens that address in a new tab (there a visitor is
    // asked to sign in first), and this tab stays on the shop.
    const tile = row(page, 'Fashion').getByRole('link', { name: /Groenhuis/ }).first();
    const href = await tile.getAttribute('href');
    expect(href).toMatch(/^#\/gift-card\/\d+$/);
    const opened = page.context().waitForEvent('page');
    await tile.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).hash).toMatch(/^#\/(gift-card\/\d+|start)/);
    await tab.close();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // A visitor tapping a brand lands on the start screen.
    await tile.click();
    await expect(page).toHaveURL(/#\/start/);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('the results grid (a lazy chunk) loads ahead once the page is idle, before any search', async ({ page }) => {
    const gridChunk = page.waitForRequest((r) => /\/assets\/brand-grid-[\w-]+\.js$/.test(r.url()), { timeout: 20_000 });
    await page.goto('/');
    await expect(row(page, 'Fashion').getByRole('listitem')).toHaveCount(8);
    await gridChunk; // nothing was typed or clicked
    await page.locator('#shop-search-input').fill('kiezel');
    await expect(page.getByRole('region', { name: /Results for/ }).getByText('Kiezelhuis', { exact: true })).toBeVisible();
  });

  test('the search grid is built, hidden, before the first letter; the X hides it and the rows come back with their pictures', async ({ page }) => {
    await page.goto('/');
    await expect(row(page, 'Fashion').getByRole('listitem')).toHaveCount(8);
    // Built ahead (once the page is idle) and hidden: nothing shows, and no results region is announced.
    const grid = page.locator('.sp-grid');
    await expect(grid).toHaveCount(1);
    await expect(grid).toBeHidden();
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);
    await grid.evaluate((el) => ((el as unknown as { kept: boolean }).kept = true));
    // The first letter shows that same grid with the results.
    await page.locator('#shop-search-input').pressSequentially('kiezel');
    const results = page.getByRole('region', { name: 'Results for “kiezel”' });
    await expect(results.getByText('Kiezelhuis', { exact: true })).toBeVisible();
    expect(await results.locator('.sp-grid').evaluate((el) => (el as unknown as { kept?: boolean }).kept)).toBe(true);
    // The X hides it again and the rows are back with their photos drawn.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page.getByRole('region', { name: /Results for/ })).toHaveCount(0);
    await expect(grid).toBeHidden();
    const photo = row(page, 'Fashion').locator('img.sp-tile__photo').first();
    await expect(photo).toBeVisible();
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('a search keystroke sends its request before the new text renders; the results load their images once typing stops; the rows wait hidden', async ({ page }) => {
    // Every search request, and whether the page already showed results for its text when it was sent.
    await page.addInitScript(() => {
      const w = window as unknown as { __searchSends: { text: string; rendered: boolean }[] };
      w.__searchSends = [];
      const fetch0 = window.fetch;
      window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
        const m = /filter%5Bname%5D=([^&]*)/.exec(input instanceof Request ? input.url : String(input));
        if (m) {
          const text = decodeURIComponent(m[1]!.replace(/\+/g, ' '));
          w.__searchSends.push({ text, rendered: (document.querySelector('.sp-results h2')?.textContent ?? '').includes(`“${text}”`) });
        }
        return fetch0.call(this, input, init);
      };
    });
    await page.goto('/');
    await expect(row(page, 'Fashion').getByRole('listitem')).toHaveCount(8);
    await row(page, 'Fashion').evaluate((el) => ((el as unknown as { kept: boolean }).kept = true));
    await page.locator('#shop-search-input').pressSequentially('kiez');
    const results = page.getByRole('region', { name: 'Results for “kiez”' });
    await expect(results.getByText('Kiezelhuis', { exact: true })).toBeVisible();
    const sends = await page.evaluate(() => (window as unknown as { __searchSends: { text: string; rendered: boolean }[] }).__searchSends);
    // Each text's first request left before its results rendered. A later one for the same text (a retry
    // after a slow or failed answer on a loaded machine) is not a keystroke's and may come after.
    const firstSends = sends.filter((s, i) => sends.findIndex((o) => o.text === s.text) === i);
    expect(firstSends).toEqual(['k', 'ki', 'kie', 'kiez'].map((text) => ({ text, rendered: false })));
    expect(sends.length).toBeLessThanOrEqual(6);
    // The tiles' images load once the text stays the same (typing past results does not download theirs).
    const photo = results.locator('img.sp-tile__photo').first();
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    // The rows were hidden, not unmounted, while the search showed: the X brings back the same elements.
    await expect(row(page, 'Fashion')).toBeHidden();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(row(page, 'Fashion')).toBeVisible();
    expect(await row(page, 'Fashion').evaluate((el) => (el as unknown as { kept?: boolean }).kept)).toBe(true);
  });

  test('a failed load says something went wrong, in red, and Retry recovers', async ({ page }) => {
    let fail = true;
    // context.route also sees the requests the service worker makes on the page's behalf.
    await page.context().route(/\/api\/v1\.0\/site\/categories/, (route) => (fail ? route.fulfill({ status: 503, body: '' }) : route.continue()));
    await page.goto('/');
    const alert = page.locator('main').getByRole('alert').filter({ hasText: 'Something went wrong... Please, try later!' });
    await expect(alert).toBeVisible({ timeout: 20_000 }); // after the client's two retries
    expect(await alert.locator('.sp-error__text').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(176, 0, 32)');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(row(page, 'Fashion')).toBeVisible();
  });

  test('brands appear under their secondary categories too', async ({ page }) => {
    await page.goto('/');
    // Groenhuis is a Fashion brand with secondary categories Travel (4) and Sports & Outdoor (7).
    await row(page, 'Travel').scrollIntoViewIfNeeded();
    await expect(row(page, 'Travel').getByRole('link', { name: /Groenhuis/ })).toBeVisible();
  });

  test('Dutch mode shows Dutch names and only Dutch brands', async ({ page }) => {
    await page.goto('/#/nl');
    await expect(row(page, 'Mode')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Categorieën' }).getByRole('button', { name: 'Huis & tuin' })).toBeVisible();
    await page.locator('#shop-search-input').fill('Fietsen');
    await expect(page.getByText('Geen merken gevonden.')).toBeVisible(); // Jan's Fietsen is Swedish: filter[country]=NLD
    await page.goto('/#/nl/brand/Groenhuis__NLD');
    await expect(page.getByRole('dialog').getByText('is een fictieve partner van SocialPay')).toBeVisible();
    await expectNoA11yViolations(page, 'brand detail (nl)');
  });
});

test.describe('signed in', () => {
  test('follows and unfollows brands; the favorites count matches the server', async ({ page }) => {
    await signInFast(page, EMAIL);
    const token = await userToken(page);
    const start = await api<Paged>(page, '/corporate-partners/favorites?limit=200', { token });
    // Pick a brand that is not followed yet.
    const all = await api<Paged>(page, '/corporate-partners/category/all?limit=200', { token });
    const target = all.results.find((b) => !b.is_favorite)!;

    await page.goto(`/#/corporate/${target.id}`);
    const dialog = page.getByRole('dialog');
    const follow = dialog.getByRole('button', { name: `Follow ${target.name}` });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    const posted = page.waitForResponse((r) => r.url().includes(`/corporate-partners/${target.id}/favorite`) && r.request().method() === 'POST');
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    expect((await posted).ok()).toBe(true);
    await expectNoA11yViolations(page, 'brand detail');

    await expect.poll(async () => (await api<Paged>(page, '/corporate-partners/favorites?limit=200', { token })).metadata.total).toBe(start.metadata.total + 1);

    await page.goto('/#/favorites');
    await expect(dialog.getByText(`You have ${start.metadata.total + 1} favorites`)).toBeVisible();
    await expectNoA11yViolations(page, 'favorites');

    const deleted = page.waitForResponse((r) => r.url().includes(`/corporate-partners/${target.id}/favorite`) && r.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: `Unfollow ${target.name}` }).click();
    await expect(dialog.getByText(`You have ${start.metadata.total} favorites`)).toBeVisible();
    expect((await deleted).ok()).toBe(true);
    await expect.poll(async () => (await api<Paged>(page, '/corporate-partners/favorites?limit=200', { token })).metadata.total).toBe(start.metadata.total);
    await expect(dialog.getByRole('button', { name: `Unfollow ${target.name}` })).toHaveCount(0);
  });

  test('add-favourite flag: the add tile leads to the search and a tapped brand is followed, then its gift card opens', async ({ page }) => {
    await signInFast(page, EMAIL);
    const token = await userToken(page);
    const all = await api<Paged>(page, '/corporate-partners/category/all?limit=200', { token });
    const target = all.results.filter((b) => !b.is_favorite).at(-1)!;
    await page.goto('/#/favorites');
    await page.getByRole('dialog').getByRole('button', { name: 'Add a brand' }).click();
    await expect(page).toHaveURL(/addFavorite=1/);
    await expect(page.getByText('Tap a brand to add it to your favorites.')).toBeVisible();
    await page.locator('#shop-search-input').fill(target.name);
    const results = page.getByRole('region', { name: /Results for/ });
    const posted = page.waitForResponse((r) => r.url().includes(`/corporate-partners/${target.id}/favorite`) && r.request().method() === 'POST');
    await results.getByRole('link', { name: new RegExp(target.name) }).first().click();
    await expect(page).toHaveURL(new RegExp(`#/gift-card/${target.id}`));
    expect((await posted).ok()).toBe(true);
    // Clean up so the count test above stays independent of order.
    await page.evaluate(async ({ id, token }) => {
      await fetch(`/api/v1.0/corporate-partners/${id}/favorite`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    }, { id: target.id, token });
  });

  test('SHOP opens the affiliate link in a new tab without an opener', async ({ page, context }) => {
    await context.route(/https:\/\/groenhuis\.example\/.*/, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Groenhuis</title><p>shop</p>' }));
    await signInFast(page, EMAIL);
    await page.goto('/#/corporate/1');
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('dialog').getByRole('button', { name: 'SHOP' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    // The brand's own parameter is kept; the tap's click reference is added under the network's (subid).
    expect(popup.url()).toMatch(/^https:\/\/groenhuis\.example\/\?ref=socialpay&subid=[0-9a-f]{32}$/);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await popup.close();

    // A brand without a link says so instead of doing nothing (Rivierdepot has none).
    await page.goto('/#/corporate/49');
    await page.getByRole('dialog').getByRole('button', { name: 'SHOP' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toContainText('not available');
  });

});

test.describe('brand pages', () => {
  test('a visitor pressing SHOP goes to the start screen; the slider closes back to the details', async ({ page }) => {
    await page.goto('/#/corporate/82');
    const dialog = page.getByRole('dialog');
    // A long description starts collapsed behind 'more'.
    const more = dialog.getByRole('button', { name: 'more' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(dialog.getByRole('button', { name: 'less' })).toHaveAttribute('aria-expanded', 'true');
    // The percentage info modal closes with OK.
    await dialog.getByRole('button', { name: 'How does the percentage work?' }).click();
    const info = page.getByRole('dialog', { name: 'About the percentage' });
    await info.getByRole('button', { name: 'OK' }).click();
    await expect(info).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Sustainability details' }).click();
    await expect(page).toHaveURL(/#\/corporate\/82\/slider/);
    await expect(dialog.getByRole('heading', { name: 'Planet' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Go to Ratings' }).click();
    await expect(dialog.getByText('GREEN: verified sustainable')).toBeVisible();
    await expectNoA11yViolations(page, 'slider');
    await dialog.locator('.screen-header').getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/#\/corporate\/82$/);
    await dialog.getByRole('button', { name: 'SHOP' }).click();
    await expect(page).toHaveURL(/#\/start/);
  });

  test('the slider plays on its own, and not with reduced motion', async ({ page }) => {
    await page.goto('/#/corporate/82/slider');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Planet' })).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(dialog.getByRole('heading', { name: 'People' })).toBeVisible({ timeout: 15_000 });

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(dialog.getByRole('heading', { name: 'Planet' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Play' })).toBeDisabled();
    await page.waitForTimeout(7000);
    await expect(dialog.getByRole('heading', { name: 'Planet' })).toBeVisible();
  });
});
