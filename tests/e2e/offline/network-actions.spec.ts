// Actions that need the network are disabled while offline, with the reason next to them, and come
// back when the network does: buying a gift card, editing the profile, deleting the account, downloading
// one's data. Screens whose data is never kept on the device say so after an offline start.
// (Donating and the fund signup are covered by the impact and investment specs.)
import { expect, expectNoA11yViolations, signInFast, test, waitForWorker } from '../support/fixtures';
import { userEmail } from '../support/users';

const REASON = 'You are offline. This needs an internet connection.';

test('network-only actions are disabled offline with a reason, and enabled again online', { tag: '@worker' }, async ({ page, context }) => {
  await signInFast(page, userEmail('demo'));

  const screens = [
    { path: '/#/gift-card/1', button: /^Buy$/ },
    { path: '/#/edit-profile', button: /^Save$/ },
    { path: '/#/delete-account', button: /^Yes$/ },
    { path: '/#/download-data', button: /^Download my data$/ },
  ];
  for (const { path, button } of screens) {
    await page.goto(path);
    const dialog = page.getByRole('dialog');
    const action = dialog.getByRole('button', { name: button });
    await expect(action).toBeVisible({ timeout: 20_000 });
    if (path.includes('gift-card')) await dialog.getByRole('textbox', { name: 'Another amount in euro' }).fill('25');

    await context.setOffline(true);
    await expect(action).toBeDisabled();
    await expect(dialog.getByText(REASON)).toBeVisible();
    await expect(action).toHaveAccessibleDescription(REASON);
    await expectNoA11yViolations(page, `${path} offline`);

    await context.setOffline(false);
    await expect(action).toBeEnabled();
    await expect(dialog.getByText(REASON)).toHaveCount(0);
  }
});

test('offline after a reload, the devices list and the notification settings say why they are not shown', { tag: '@worker' }, async ({ page, context }) => {
  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, userEmail('demo'));
  await page.goto('/#/devices');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('device').first()).toBeVisible({ timeout: 20_000 });
  await page.goto('/#/settings');
  await expect(dialog.getByTestId('notifications-settings')).toBeVisible();

  await context.setOffline(true);
  try {
    // Not a spinner that never ends: the list is never kept on the device, and the screen says so.
    await page.goto('/#/devices');
    await page.reload();
    await expect(dialog.getByTestId('offline-unavailable')).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('button', { name: /^Sign out/ })).toHaveCount(0);
    // Settings: the notifications section says it needs the network instead of going blank.
    await page.goto('/#/settings');
    await expect(dialog.getByTestId('notifications-settings').getByText(REASON)).toBeVisible();
    await expectNoA11yViolations(page, 'settings offline');
  } finally {
    await context.setOffline(false);
  }
  // Back online the section loads by itself.
  await expect(dialog.getByTestId('notifications-settings').getByText(REASON)).toHaveCount(0);
});
