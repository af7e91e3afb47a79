// A slow network (the worker answers from its saved copy after 3 s): the screen shows the copy, and when
// the late answer comes and differs, the screen shows it without a reload.
// Read-only: demo@socialpay.test (the newer answer is simulated by the route, the server is not changed).
import type { WalletItem } from '../../../server/contract/types';
import { expect, signInFast, test, waitForWorker } from '../support/fixtures';
import { userEmail } from '../support/users';

test('a wallet shown from the saved copy on a slow network updates itself when the late answer differs', { tag: '@worker' }, async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, userEmail('demo'));
  await page.goto('/#/wallet');
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });

  // From now on the wallet answers late (after the worker's 3 s timeout), and with a changed balance.
  let changed = '';
  await context.route(/\/api\/v1(\.0)?\/wallet\/me$/, async (route) => {
    const res = await route.fetch();
    const cards = (await res.json()) as WalletItem[];
    cards[0]!.amount += 1234;
    changed = `€${(cards[0]!.amount / 100).toFixed(2)}`;
    await new Promise((r) => setTimeout(r, 4500));
    await route.fulfill({ response: res, json: cards }).catch(() => undefined);
  });
  // A copy younger than the wallet's 30 s staleTime is shown without asking the server, if the restore
  // wins the race with the route's prefetch; this reload happens a minute later, so the copy is stale.
  await page.clock.install({ time: Date.now() + 60_000 });
  await page.reload();
  await expect(dialog.locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });
  // The route's own fetch from the server runs beside the page showing its copy: wait for it to have read it.
  await expect.poll(() => changed, { timeout: 15_000 }).not.toBe('');
  await expect(dialog.locator('.sp-wallet__card', { hasText: changed })).toHaveCount(0);
  // No reload: the late answer replaces the copy on screen.
  await expect(dialog.locator('.sp-wallet__card', { hasText: changed })).toHaveCount(1, { timeout: 20_000 });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
});
