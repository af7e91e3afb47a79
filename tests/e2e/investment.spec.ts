// Income calculator and investment account: bounds, keyboard, the fund-signup frame,
// the success screen, a failed URL fetch with Retry, offline.
import { expect, expectNoA11yViolations, signInFast, test } from './support/fixtures';
import { USERS } from './support/users';

const EMAIL = USERS.demo;

test('calculator: defaults, typed values, keyboard sliders and bounds', async ({ page }) => {
  await page.goto('/#/calculator');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Calculating income' })).toBeVisible();
  const result = dialog.getByTestId('calculator-result');
  await expect(result).toHaveText('€304,993');
  await expect(dialog.getByRole('spinbutton', { name: 'Your age' })).toHaveValue('35');
  await expect(dialog.getByRole('slider', { name: 'Retirement age, slider' })).toHaveAttribute('min', '55');
  await expectNoA11yViolations(page, 'calculator');

  // One year of 50 EUR at 4%: 611.
  await dialog.getByRole('spinbutton', { name: 'Your age' }).fill('54');
  await dialog.getByRole('spinbutton', { name: 'Retirement age' }).fill('55');
  await dialog.getByRole('spinbutton', { name: 'Monthly contribution (EUR)' }).fill('50');
  await dialog.getByRole('spinbutton', { name: 'Expected yearly return (%)' }).fill('4');
  await dialog.getByRole('spinbutton', { name: 'Expected yearly return (%)' }).blur();
  await expect(result).toHaveText('€611');

  // Typed values outside the bounds are clamped and snapped on leaving the field.
  const monthly = dialog.getByRole('spinbutton', { name: 'Monthly contribution (EUR)' });
  await monthly.fill('99999');
  await monthly.blur();
  await expect(monthly).toHaveValue('2500');

  // Sliders work with the keyboard.
  const age = dialog.getByRole('slider', { name: 'Your age, slider' });
  await age.focus();
  await page.keyboard.press('End');
  await expect(dialog.getByRole('spinbutton', { name: 'Your age' })).toHaveValue('70');
  await expect(result).toHaveText('€0');
  await expect(dialog.getByText('Your retirement age must be higher than your age.')).toBeVisible();
  const retirement = dialog.getByRole('slider', { name: 'Retirement age, slider' });
  await retirement.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('spinbutton', { name: 'Retirement age' })).toHaveValue('56');
});

test('calculator in Dutch uses Dutch number formatting', async ({ page }) => {
  await page.goto('/#/nl/calculator');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Inkomen berekenen' })).toBeVisible();
  await expect(dialog.getByTestId('calculator-result')).toHaveText('€ 304.993');
});

test('investment: the signed-in variant opens the fund sign-up in a sandboxed frame and ends on the success screen', async ({ page }) => {
  await signInFast(page, EMAIL);
  await page.goto('/#/investment');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Investment account' })).toBeVisible();
  await expect(dialog.getByTestId('fund-description')).toContainText('actively managed global securities fund');
  await expectNoA11yViolations(page, 'investment');

  await dialog.getByRole('button', { name: 'Register' }).click();
  const frameEl = dialog.locator('iframe[data-testid="fondo-frame"]');
  await expect(frameEl).toHaveAttribute('src', /\/sandbox\/fondo\?token=/);
  await expect(frameEl).toHaveAttribute('sandbox', 'allow-forms allow-same-origin allow-top-navigation-by-user-activation');
  await expect(frameEl).toHaveAttribute('title', 'Investment account sign-up with the fund provider');
  const frame = page.frameLocator('iframe[data-testid="fondo-frame"]');
  await frame.getByLabel('Full name').fill('Demo Saver');
  await frame.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/#\/journey\/success/);
  await expect(page.getByRole('dialog').getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
  const doc = page.getByRole('dialog').getByRole('link', { name: /Open the fund document/ });
  await expect(doc).toHaveAttribute('target', '_blank');
  await expect(doc).toHaveAttribute('rel', /noopener/);
  await expect(doc).toHaveAttribute('href', '/sandbox/fondo/document?lang=en');
  const [popup] = await Promise.all([page.waitForEvent('popup'), doc.click()]);
  await expect(popup).toHaveURL(/\/sandbox\/fondo\/document\?lang=en$/);
  await expect(popup.getByRole('heading', { level: 2, name: 'Risk' })).toBeVisible();
  await popup.close();
  await expectNoA11yViolations(page, 'fondo success');
});

test('investment: a failed sign-up URL leaves the screen usable with Retry; offline disables Register with the reason', { tag: '@worker' }, async ({ page, context }) => {
  await signInFast(page, EMAIL);
  await context.route('**/loyalty/fondo/journey/start', (route) => route.abort('failed'));
  await page.goto('/#/investment');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByRole('alert')).toContainText('could not be opened');
  await context.unroute('**/loyalty/fondo/journey/start');
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.locator('iframe[data-testid="fondo-frame"]')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close the sign-up' }).click();

  await context.setOffline(true);
  const register = dialog.getByRole('button', { name: /Register|Retry/ });
  await expect(register).toBeDisabled();
  await expect(dialog.getByText('You are offline. Registering needs a connection.')).toBeVisible();
  await context.setOffline(false);
  await expect(register).toBeEnabled();
});

test('investment for visitors asks to sign in and hides the fund', async ({ page }) => {
  await page.goto('/#/investment');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Investment account' })).toBeVisible();
  await expect(dialog.getByTestId('fund-description')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Sign in to register' }).click();
  await expect(page).toHaveURL(/#\/sign-in/);
});
