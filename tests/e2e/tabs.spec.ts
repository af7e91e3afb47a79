/**
 * Two tabs of one browser share the stored session: a tab whose person signed out (or was replaced by
 * another person) in the other tab stops showing their screens at once, says why, and never sends an
 * action with the other person's token.
 */
import { expect, signInFast, signInNewAccount, test } from './support/fixtures';
import { createAccount, DEMO_PASSWORD, uniqueEmail } from './support/users';

test('signing out in one tab signs the other out too, with a line saying so; it then acts for nobody', async ({ page, context, request, pageErrors }) => {
  await signInNewAccount(page, request, 'tab-a');
  await page.goto('/#/wallet');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Wallet', level: 1 })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/#/settings');
  await other.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(other).toHaveURL(/#\/start$/);

  // The first tab leaves the wallet and says why (politely, as a status).
  await expect(page.getByText('You signed out in another tab, so this tab is signed out too.').first()).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Wallet', level: 1 })).toHaveCount(0);

  // Someone else signs in in the second tab: the first tab stays a visitor's (no one's data, no one's token).
  const second = uniqueEmail('tab-b');
  await createAccount(request, second, DEMO_PASSWORD);
  await signInFast(other, second);
  await page.bringToFront();
  await page.goto('/#/wallet');
  await expect(page).toHaveURL(/#\/start/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
