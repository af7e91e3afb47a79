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

test('a change sent from one tab shows in the other without a reload', async ({ page, context, request, pageErrors }) => {
  await signInNewAccount(page, request, 'tab-data');
  await page.goto('/#/favorites');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Follow brands you like and they will show up here.')).toBeVisible();

  const other = await context.newPage();
  await other.goto('/#/corporate/1');
  const follow = other.getByRole('dialog').getByRole('button', { name: /^Follow / });
  const posted = other.waitForResponse((r) => r.url().includes('/corporate-partners/1/favorite') && r.request().method() === 'POST');
  await follow.click();
  expect((await posted).ok()).toBe(true);

  // The first tab, untouched, lists it within moments (its favorites were fetched seconds ago).
  await expect(dialog.getByText('You have 1 favorite')).toBeVisible({ timeout: 10_000 });
  expect(pageErrors).toEqual([]);
});


test('a change made online in one tab (a profile edit) shows in the other without a reload', async ({ page, context, request, pageErrors }) => {
  await signInNewAccount(page, request, 'tab-edit');
  await page.goto('/#/menu');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /^Hi / })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/#/edit-profile');
  const form = other.getByRole('dialog');
  await form.getByLabel('First name').fill('Roosmarijn');
  const saved = other.waitForResponse((r) => /\/application-users\/me$/.test(new URL(r.url()).pathname) && r.request().method() !== 'GET');
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await saved).ok()).toBe(true);

  // The first tab's menu greets the new name within moments (its user was fetched seconds ago).
  await expect(dialog.getByRole('heading', { name: 'Hi Roosmarijn' })).toBeVisible({ timeout: 10_000 });
  expect(pageErrors).toEqual([]);
});
