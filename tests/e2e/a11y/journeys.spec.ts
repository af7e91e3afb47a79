// Keyboard-only journeys through the wallet (card and till mode), reward targets and donating: every screen's title takes
// focus, Tab stays inside the open screen (and inside a nested modal), Space and Enter operate the
// controls, and closing gives focus back to what opened the screen. Serial: they change demo9's data.
import { expect, test, signInFast } from '../support/fixtures';
import { expectAnnounced, expectTitleFocused, focused, tabTo } from '../support/a11y';
import { USERS } from '../support/users';

test.describe.configure({ mode: 'serial' });

/** Tab round the open dialog `n` times; every stop is inside it and shows the focus ring. */
async function tabRound(page: import('@playwright/test').Page, n: number) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    expect(f.inTopDialog, `Tab ${i + 1} left the dialog: ${JSON.stringify(f)}`).toBe(true);
    expect(f.ring, `no focus ring on ${f.name}`).toBe(true);
  }
}

test('keyboard only: wallet → card, and back to the Wallet tile', async ({ page }) => {
  await signInFast(page, USERS.a11y);
  const opener = await tabTo(page, (f) => f.className.includes('sp-feature-tile--wallet'), { max: 40 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/wallet$/);
  await expectTitleFocused(page, 'Wallet');
  await tabTo(page, (f) => f.className.includes('sp-wallet__card'));
  const brand = await page.locator(':focus .sp-wallet__name').innerText();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/wallet\/\d+$/);
  // The card's own title (its brand), not the list's title that stays until the card screen is in.
  await expectTitleFocused(page, brand);
  await tabRound(page, 12);
  // Till mode from the keyboard: Enter opens it over the card, focus stays in it, Esc gives focus back.
  const tillButton = await tabTo(page, (f) => f.name === 'Show at the till');
  await page.keyboard.press('Enter');
  const till = page.getByRole('dialog', { name: 'Code for the till' });
  await expect(till).toBeVisible();
  await tabRound(page, 3);
  await page.keyboard.press('Escape');
  await expect(till).toHaveCount(0);
  expect((await focused(page)).name).toBe(tillButton.name);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await focused(page)).name).toBe(opener.name);
});

test('keyboard only: a reward target chosen with Space, its sync announced', async ({ page }) => {
  await signInFast(page, USERS.a11y);
  await page.goto('/#/set-target');
  await expect(page.getByRole('dialog').locator('#screen-title')).toBeFocused();
  await tabTo(page, (f) => f.tag === 'A' && f.className.includes('tgt-card'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/set-target\/\d+$/);
  await expect(page.getByRole('dialog').locator('#screen-title')).toBeFocused();
  // The one control: its name says what a press does, the state line beside it says where it stands.
  const control = page.getByRole('dialog').getByRole('button', { name: /^(Choose|Remove) as reward target$/ });
  const state = page.getByRole('dialog').getByTestId('target-state');
  await expect(control).toBeEnabled();
  const was = (await state.innerText()).startsWith('✓');
  await tabTo(page, (f) => f.tag === 'BUTTON' && /as reward target$/.test(f.name ?? ''));
  await page.keyboard.press('Space');
  const notice = page.getByRole('dialog', { name: 'Reward targets' });
  if (await notice.isVisible().catch(() => false)) {
    // Two targets are chosen already: the nested prompt keeps focus and hands it back on Escape.
    await tabRound(page, 4);
    await page.keyboard.press('Escape');
    await expect(notice).toHaveCount(0);
    await expect(control).toBeFocused();
  } else {
    await expect(state).toHaveText(was ? 'Not one of your reward targets yet.' : '✓ This is one of your reward targets.');
    await expectAnnounced(page, '1 change synced.');
    await expect(control).toBeFocused();
    // Back as it was, for the next run.
    await page.keyboard.press('Space');
    await expect(state).toHaveText(was ? '✓ This is one of your reward targets.' : 'Not one of your reward targets yet.');
  }
});

test('keyboard only: donate points to a project', async ({ page }) => {
  await signInFast(page, USERS.a11y);
  await page.goto('/#/set-target');
  const href = await page.getByRole('dialog').locator('a[data-target-id]').first().getAttribute('href');
  const id = /set-target\/(\d+)/.exec(href ?? '')![1];
  await page.goto(`/#/project/${id}`);
  await expect(page.getByRole('dialog').locator('#screen-title')).toBeFocused();
  await tabTo(page, (f) => f.tag === 'A' && f.className.includes('btn-primary'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/project/${id}/sponsor$`));
  await expect(page.getByRole('dialog').locator('#screen-title')).toBeFocused();
  // The balance info is a nested modal: Escape gives focus back to its button.
  await tabTo(page, (f) => f.name === 'About your balance');
  await page.keyboard.press('Enter');
  const info = page.getByRole('dialog', { name: 'Available balance' });
  await expect(info).toBeVisible();
  await tabRound(page, 3);
  await page.keyboard.press('Escape');
  await expect(info).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'About your balance' })).toBeFocused();
  await tabTo(page, (f) => f.name === 'Confirm');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/project/${id}/thanks$`));
  await expect(page.getByRole('dialog').locator('#screen-title')).toBeFocused();
});
