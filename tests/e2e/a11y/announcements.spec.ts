// Status messages (WCAG 4.1.3) reach screen readers through the app's one announcer, in the current
// language, without moving focus: search result counts, going offline and back, synced changes,
// toasts, and payment progress. The text is asserted in the live region that is not inert (the
// page's own, or the one inside the dialog on top).
import { expect, expectNoA11yViolations, signInFast, test } from '../support/fixtures';
import { expectAnnounced } from '../support/a11y';
import { USERS } from '../support/users';

test('search result counts are announced while focus stays in the search field, in English and Dutch', async ({ page }) => {
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search brands' });
  await search.fill('groen');
  await expectAnnounced(page, /^\d+ brands? found for “groen”$/);
  await expect(search).toBeFocused();
  await search.fill('zzzzqqq');
  await expectAnnounced(page, 'No brands found.');

  await page.goto('/#/nl');
  const zoek = page.getByRole('searchbox', { name: 'Merken zoeken' });
  await zoek.fill('groen');
  await expectAnnounced(page, /^\d+ merk(en)? gevonden voor “groen”$/);
  await expect(zoek).toBeFocused();
});

test('offline and back online, and a change made offline syncing, are announced', { tag: '@worker' }, async ({ page, context }) => {
  await signInFast(page, USERS.a11y);
  await page.goto('/#/corporate/7');
  const dialog = page.getByRole('dialog');
  const follow = dialog.getByRole('button', { name: /^Follow / });
  await expect(follow).toBeVisible();
  const wasFollowing = (await follow.getAttribute('aria-pressed')) === 'true';

  await context.setOffline(true);
  await expectAnnounced(page, 'You are offline. You are seeing saved data.');
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', String(!wasFollowing));
  await context.setOffline(false);
  await expectAnnounced(page, 'You are back online. Syncing 1 change…');
  await expectAnnounced(page, '1 change synced.');
  await expect(follow).toBeFocused();
});

test('a toast is announced in the dialog on top, and in Dutch when the app is Dutch', async ({ page }) => {
  await signInFast(page, USERS.a11y);
  await page.goto('/#/nl/interests');
  const dialog = page.getByRole('dialog');
  const save = dialog.getByRole('button', { name: 'Opslaan' });
  await expect(save).toBeVisible();
  await dialog.locator('.chip[aria-pressed="false"]').first().click();
  await save.click();
  // The screen is still open: the page behind it is inert, so the dialog's own region speaks.
  await expect(dialog.locator('[data-live="polite"]')).toContainText('Je interesses zijn opgeslagen.');
});

test('payment progress is announced: waiting, then ready', async ({ page }) => {
  await signInFast(page, USERS.a11y);
  await page.getByRole('button', { name: /Buy a gift card/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount in euro').fill('10');
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await page.waitForURL(/\/sandbox\/pay\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/#\/wallet\?orderId=/);
  await expectAnnounced(page, 'Waiting for your payment to be confirmed…');
  await expectAnnounced(page, /^Your €10\.00 .+ gift card is ready\.$/);
  // Focus stayed on the screen's title: the messages did not move it.
  await expect(page.getByRole('dialog').locator('#screen-title')).toBeFocused();
  await expectNoA11yViolations(page, 'wallet after payment');
});
