// A lazily loaded part whose chunk cannot be downloaded (offline before the service worker has saved
// the app) stays inside its place: the install card simply does not show, the "Sort & filter" panel
// says it could not be loaded and Try again brings it. Before, either replaced the whole app with
// "Unexpected Application Error!". No service worker here, so every chunk comes from the network.
import { expect, test } from '../support/fixtures';

test.use({ serviceWorkers: 'block' });

test('an optional card that cannot load leaves the screen as it was', async ({ page, pageErrors }) => {
  await page.clock.install();
  let asked = 0;
  await page.route('**/assets/install-card-*.js', (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto('/');
  const search = page.locator('#shop-search-input');
  await expect(search).toBeVisible();
  // The install offer waits 20 s into a visit before it loads its card.
  await page.clock.runFor(21_000);
  await expect.poll(() => asked).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await search.fill('cafe');
  await expect(page.getByRole('region', { name: /Results for/ })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

for (const lang of ['en', 'nl'] as const) {
  test(`a panel that cannot load says so and Try again loads it (${lang})`, async ({ page }) => {
    const T = {
      en: { open: 'Sort & filter', failed: 'This part could not be loaded. Check your connection and try again.', retry: 'Try again', title: 'Find the best deal' },
      nl: { open: 'Sorteren & filteren', failed: 'Dit onderdeel kon niet worden geladen. Controleer je verbinding en probeer het opnieuw.', retry: 'Opnieuw proberen', title: 'Vind de beste deal' },
    }[lang];
    const block = (route: import('@playwright/test').Route) => route.abort('internetdisconnected');
    await page.route('**/assets/deals-entry-*.js', block);
    await page.goto(lang === 'nl' ? '/#/nl/' : '/');
    await page.getByRole('button', { name: T.open }).click();
    const failed = page.getByRole('alert').filter({ hasText: T.failed });
    await expect(failed).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);

    await page.unroute('**/assets/deals-entry-*.js', block);
    await failed.getByRole('button', { name: T.retry }).click();
    await expect(page.getByRole('heading', { name: T.title })).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
}
