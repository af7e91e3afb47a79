// The accessibility statement: reachable from the page footer (visitors too) and the menu, in English
// and Dutch, with the standard, what was tested, known limits and the support address.
import { expect, expectNoA11yViolations, signInFast, test } from '../support/fixtures';
import { USERS } from '../support/users';

test('a visitor opens the statement from the footer, in English and in Dutch', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/#\/accessibility$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeFocused();
  await expect(dialog).toContainText('WCAG) 2.2 at level AA');
  await expect(dialog).toContainText('EN 301 549');
  await expect(dialog).toContainText('European Accessibility Act');
  for (const h of ['What we tested and how', 'Known limits', 'Report a problem']) await expect(dialog.getByRole('heading', { level: 2, name: h })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'support@socialpay.test' })).toHaveAttribute('href', /^mailto:support@socialpay\.test\?subject=/);
  await expectNoA11yViolations(page, 'accessibility statement');

  await page.goto('/#/nl');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Toegankelijkheid' }).click();
  await expect(page).toHaveURL(/#\/nl\/accessibility$/);
  await expect(dialog.getByRole('heading', { level: 1, name: 'Toegankelijkheidsverklaring' })).toBeVisible();
  await expect(dialog).toContainText('Europese Toegankelijkheidswet');
  await expect(dialog.getByRole('heading', { level: 2, name: 'Bekende beperkingen' })).toBeVisible();
});

test('a signed-in user finds it in the menu', async ({ page }) => {
  await signInFast(page, USERS.a11y);
  await page.goto('/#/menu');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/#\/accessibility$/);
  await expect(dialog.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/#\/menu$/);
});
