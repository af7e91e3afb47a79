// The browser's Back closes what is open inside a screen (a dialog, the phone's menu) and leaves no dead
// history steps behind when it is closed another way; a screen's X goes back to the shop it came from.
import { expect, signInFast, signInNewAccount, test } from './support/fixtures';
import { USERS } from './support/users';

/** Signed in, on the shop, then Profile → Settings: the shop's history index and the screen. */
async function settingsFromShop(page: import('@playwright/test').Page) {
  await signInFast(page, USERS.shell);
  await page.goto('/');
  await page.locator('.sp-tile').first().waitFor();
  const start = await index(page);
  await page.getByRole('banner').getByRole('button', { name: 'Profile' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'Settings' }).click();
  return { start, dialog };
}

const index = (page: import('@playwright/test').Page) => page.evaluate(() => (history.state as { __TSR_index: number }).__TSR_index);

test('Back closes a dialog inside a screen and keeps the screen; OK closes it without a dead step', async ({ page }) => {
  // Opened straight from a link: the tab's first entry is this screen.
  await page.goto('/#/brand/Groenhuis__NLD');
  const screen = page.getByRole('dialog', { name: /Groenhuis/ });
  await expect(screen).toBeVisible();
  const info = page.getByRole('dialog', { name: 'About the percentage' });
  const start = await index(page);

  await screen.getByRole('button', { name: 'How does the percentage work?' }).click();
  await expect(info).toBeVisible();
  await page.goBack();
  await expect(info).toHaveCount(0);
  await expect(screen).toBeVisible();
  await expect(page).toHaveURL(/#\/brand\/Groenhuis__NLD$/);
  // Focus went back to the button that opened it.
  await expect(screen.getByRole('button', { name: 'How does the percentage work?' })).toBeFocused();
  expect(await index(page)).toBe(start);

  // Closed with its own button: the entry it added is gone again, so Back leaves the screen at once.
  await screen.getByRole('button', { name: 'How does the percentage work?' }).click();
  await expect(info).toBeVisible();
  expect(await index(page)).toBe(start + 1);
  await info.getByRole('button', { name: 'OK' }).click();
  await expect(info).toHaveCount(0);
  await expect.poll(() => index(page)).toBe(start);
  await expect(screen).toBeVisible();

  // On a wide window a click on the backdrop closes it too, and focus is back on its button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await screen.getByRole('button', { name: 'How does the percentage work?' }).click();
  await expect(info).toBeVisible();
  await page.mouse.click(900, 20);
  await expect(info).toHaveCount(0);
  await expect(screen.getByRole('button', { name: 'How does the percentage work?' })).toBeFocused();
  await expect.poll(() => index(page)).toBe(start);
});

test('Forward onto a dialog Back closed, or a reload with one open, leaves no dead step', async ({ page }) => {
  await signInFast(page, USERS.shell);
  await page.goto('/');
  await page.locator('.sp-tile').first().click();
  await page.getByRole('dialog').getByRole('button', { name: /^More about / }).click();
  await expect(page).toHaveURL(/#\/brand\//);
  const screen = page.getByRole('dialog').first();
  const info = page.getByRole('dialog', { name: 'About the percentage' });
  const opener = screen.getByRole('button', { name: 'How does the percentage work?' });
  await opener.click();
  await expect(info).toBeVisible();
  const start = (await index(page)) - 1;
  await page.goBack();
  await expect(info).toHaveCount(0);

  // Forward comes back to the dialog's old entry: the app steps off it, so Back is the screen's again.
  await page.goForward();
  await expect.poll(() => index(page)).toBe(start);
  await expect(info).toHaveCount(0);
  await expect(screen).toBeVisible();

  // Reloaded with the dialog open: the screen, and the dialog's entry is stepped off too.
  await opener.click();
  await expect(info).toBeVisible();
  await page.reload();
  await expect(opener).toBeVisible();
  await expect.poll(() => index(page)).toBe(start);
  await expect(info).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/#\/gift-card\//);
});

test("Back closes the phone's menu; a place picked in it is one Back from where the menu was opened", async ({ page }) => {
  await signInFast(page, USERS.shell);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.locator('.sp-tile').first().waitFor();
  const start = await index(page);
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const menu = page.locator('#mobile-menu');

  await menuButton.click();
  await expect(menu).toBeVisible();
  // The menu's history entry (a lazy part) is in.
  await expect.poll(() => index(page)).toBe(start + 1);
  await page.goBack();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/#?\/?$/);
  expect(await index(page)).toBe(start);

  await menuButton.click();
  await expect.poll(() => index(page)).toBe(start + 1);
  await menu.getByRole('button', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/#\/wallet$/);
  expect(await index(page)).toBe(start + 1);
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(menu).toBeHidden();
  expect(await index(page)).toBe(start);

  // A place reached past the open menu (the bottom bar) takes the menu's entry as well.
  await menuButton.click();
  await expect.poll(() => index(page)).toBe(start + 1);
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('button', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/#\/wallet$/);
  await expect(menu).toBeHidden();
  expect(await index(page)).toBe(start + 1);
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await index(page)).toBe(start);

  // A tap on the bottom bar's Search (which stays on the shop) closes it as well, entry and all.
  await menuButton.click();
  await expect.poll(() => index(page)).toBe(start + 1);
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('button', { name: 'Search' }).click();
  await expect(menu).toBeHidden();
  await expect.poll(() => index(page)).toBe(start);
  await expect(page.locator('#shop-search-input')).toBeFocused();
});

test("a screen's X goes back to the shop it was opened from, leaving no entries to walk through again", async ({ page }) => {
  const { start, dialog } = await settingsFromShop(page);
  await expect(dialog.getByRole('heading', { name: 'Settings' })).toBeVisible();
  expect(await index(page)).toBe(start + 2);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => index(page)).toBe(start);
  // Forward reopens the journey: it was gone back over, not replaced.
  await page.goForward();
  await expect(dialog.getByRole('link', { name: 'Settings' })).toBeVisible();
});

test('Back while a dialog is busy keeps it and the screen; its next step still lands right', async ({ page, request }) => {
  await signInNewAccount(page, request, 'back-busy');
  await page.goto('/#/delete-account');
  const screen = page.getByRole('dialog', { name: 'Delete account' });
  await screen.getByRole('button', { name: 'Yes' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  // The deletion waits until released, so the dialog is busy when Back is pressed.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/application-users\/me$/, async (route) => {
    if (route.request().method() !== 'DELETE') return route.continue();
    await held;
    await route.continue();
  });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await page.goBack();
  await expect(confirm).toBeVisible();
  await expect(page).toHaveURL(/#\/delete-account$/);
  // A second Back is still the dialog's (it refused to close): the screen stays.
  await page.goBack();
  await expect(page).toHaveURL(/#\/delete-account$/);
  await expect(confirm).toBeVisible();
  release();
  // Deleted: Start, and Back does not return to the deleted account's screens.
  await expect(page).toHaveURL(/#\/start$/);
  await expect(page.getByText('Your account has been deleted.').first()).toBeVisible();
});

test("a screen's X after a language switch goes back to the shop, shown in the new language", async ({ page }) => {
  const { start, dialog } = await settingsFromShop(page);
  const switcher = dialog.locator('.lang-switcher');
  await switcher.getByRole('button', { name: /Choose language/ }).click();
  await switcher.getByRole('button', { name: 'NEDERLANDS' }).click();
  await expect(page).toHaveURL(/#\/nl\/settings$/);
  await dialog.getByRole('button', { name: 'Sluiten' }).first().click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/#\/nl$/);
  await expect(page.getByRole('heading', { name: 'Winkelen', level: 1 })).toBeVisible();
  expect(await index(page)).toBe(start);
});

test("Delete Account's No goes back to Settings without a new entry, focus on what opened it", async ({ page, request }) => {
  await signInNewAccount(page, request, 'back-no');
  await page.goto('/#/settings');
  // A fresh load: an address changed by hand in the same page is an entry the router has not indexed.
  await page.reload();
  const dialog = page.getByRole('dialog');
  const start = await index(page);
  await dialog.getByRole('link', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/#\/delete-account$/);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  expect(await index(page)).toBe(start);
  await expect(dialog.getByRole('link', { name: 'Delete Account' })).toBeFocused();
});

test("keyboard: after a place picked in the phone's menu, focus comes back to the menu's button", async ({ page }) => {
  await signInFast(page, USERS.shell);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.locator('.sp-tile').first().waitFor();
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  const menu = page.locator('#mobile-menu');
  // Home keeps the shop: focus is not left on the hidden item.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await menu.getByRole('button', { name: 'Home' }).focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  // The wallet opened from it and left with Back.
  await page.keyboard.press('Enter');
  await menu.getByRole('button', { name: 'Wallet' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/wallet$/);
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(menuButton).toBeFocused();
});
