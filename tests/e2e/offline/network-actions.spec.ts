// Actions that need the network are disabled while offline, with the reason next to them, and come
// back when the network does: buying a gift card, editing the profile, deleting the account.
// (Donating and the fund signup are covered by the impact and investment specs.)
import { expect, expectNoA11yViolations, signInFast, test } from '../support/fixtures';
import { userEmail } from '../support/users';

const REASON = 'You are offline. This needs an internet connection.';

test('network-only actions are disabled offline with a reason, and enabled again online', { tag: '@worker' }, async ({ page, context }) => {
  await signInFast(page, userEmail('demo'));

  const screens = [
    { path: '/#/gift-card/1', button: /^Buy$/ },
    { path: '/#/edit-profile', button: /^Save$/ },
    { path: '/#/delete-account', button: /^Yes$/ },
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
