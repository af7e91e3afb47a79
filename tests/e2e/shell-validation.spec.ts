// Messages where the product rules put them, in English and Dutch; the duplicate-email path.
import { expect, expectNoA11yViolations, test } from './support/fixtures';
import { uniqueEmail, USERS } from './support/users';

test('sign in shows the validation messages and the server refusal', async ({ page }) => {
  await page.goto('/#/sign-in');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please fill all fields');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Password', { exact: true }).fill('whatever');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Incorrect email');
  await dialog.getByLabel('Email').fill(USERS.shell);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
  // On the keyboard: the button keeps focus while the server answers (busy, not disabled), so a keyboard
  // or screen-reader user is still in the form when the refusal is announced.
  const logIn = dialog.getByRole('button', { name: 'Log in', exact: true });
  await logIn.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await expect(logIn).toBeFocused();
  await expectNoA11yViolations(page, 'sign in with error');

  // The same in Dutch.
  await page.goto('/#/nl/sign-in');
  await page.reload();
  await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Vul alle velden in');
  await dialog.getByLabel('E-mailadres').fill('fout');
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill('x');
  await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Onjuist e-mailadres');
});

test('sign up shows every rule, server violations on their fields, and the duplicate-email path', async ({ page }) => {
  await page.goto('/#/sign-up');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Country', { exact: true }).locator('option').first()).toHaveText('Select a country');
  const submit = () => dialog.getByRole('button', { name: 'Sign up', exact: true }).click();

  await submit();
  await expect(dialog.getByText('Please fill all fields')).toBeVisible();

  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByLabel('Last name').fill('Hopper');
  await dialog.getByLabel('Email').fill('grace@');
  await dialog.getByLabel('Password', { exact: true }).fill('short');
  await dialog.getByLabel('Confirm password').fill('short');
  await dialog.getByLabel('Country', { exact: true }).selectOption({ label: 'Netherlands' });
  await submit();
  await expect(dialog.getByText('Incorrect email')).toBeVisible();

  await dialog.getByLabel('Email').fill('grace.new@example.test');
  await dialog.getByLabel('Confirm password').fill('shorter');
  await submit();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();

  // Too short: refused before sending, by the rule the server enforces too (server/contract/rules.ts).
  await dialog.getByLabel('Confirm password').fill('short');
  await submit();
  await expect(dialog.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expectNoA11yViolations(page, 'sign up with errors');

  // An existing email: the taken-email message, a 'Forgot Password' link, and the email kept.
  await dialog.getByLabel('Email').fill(USERS.shell);
  await dialog.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await dialog.getByLabel('Confirm password').fill('long-enough-1');
  await dialog.getByLabel('I accept the Terms of Use').check();
  await submit();
  await expect(dialog.getByText('This email is already registered. Please use sign in or click "Forgot Password" below.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Forgot Password' }).click();
  await expect(page).toHaveURL(/#\/forgot-password$/);
  await expect(dialog.getByLabel('Email')).toHaveValue(USERS.shell);
  await expectNoA11yViolations(page, 'forgot password');

  // Forgot password rules, then a reset request, then the back button to Sign In.
  await dialog.getByLabel('Email').fill('');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('Please fill all fields')).toBeVisible();
  await dialog.getByLabel('Email').fill('nope');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('Incorrect email')).toBeVisible();
  await dialog.getByLabel('Email').fill(USERS.shell);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText(`If an account exists for ${USERS.shell}`)).toBeVisible();
  await dialog.locator('.screen-header').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/#\/sign-in$/);
  // The close icon and Escape return to Sign In too (SPEC), not to the shop.
  await dialog.getByRole('link', { name: 'Forgot password?' }).or(dialog.getByRole('button', { name: /Forgot password/i })).first().click();
  await expect(page).toHaveURL(/#\/forgot-password$/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/#\/sign-in$/);
  await page.goto('/#/nl/forgot-password');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(dialog.getByRole('heading', { level: 1 })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/nl\/sign-in$/);
});

test('start screen requires a country, in Dutch too', async ({ page }) => {
  await page.goto('/#/nl/start');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Welkom bij SocialPay' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(dialog.getByText('Selecteer een land om verder te gaan')).toBeVisible();
  await expectNoA11yViolations(page, 'start (nl)');
});

test('a sign-up outage says "try again", not "email already registered", in both languages', async ({ page }) => {
  let calls = 0;
  await page.route(/\/application-users$/, (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    calls += 1;
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'internal_server_error', error_description: 'Something went wrong. Please try again later.' }),
    });
  });
  const fill = async (labels: { first: string; last: string; email: string; password: string; confirm: string; country: string; terms: string }) => {
    await dialog.getByLabel(labels.first).fill('Grace');
    await dialog.getByLabel(labels.last).fill('Hopper');
    await dialog.getByLabel(labels.email).fill('grace.outage@example.test');
    await dialog.getByLabel(labels.password, { exact: true }).fill('long-enough-1');
    await dialog.getByLabel(labels.confirm).fill('long-enough-1');
    await dialog.getByLabel(labels.country, { exact: true }).selectOption({ index: 1 });
    await dialog.getByLabel(labels.terms).check();
  };
  const dialog = page.getByRole('dialog');

  await page.goto('/#/sign-up');
  await fill({ first: 'First name', last: 'Last name', email: 'Email', password: 'Password', confirm: 'Confirm password', country: 'Country', terms: 'I accept the Terms of Use' });
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('An error occurred during sign up. Please try again later.');
  await expect(dialog.getByText('This email is already registered', { exact: false })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Forgot Password' })).toHaveCount(0);
  expect(calls).toBe(1);

  await page.goto('/#/nl/sign-up');
  await page.reload();
  await fill({ first: 'Voornaam', last: 'Achternaam', email: 'E-mailadres', password: 'Wachtwoord', confirm: 'Bevestig wachtwoord', country: 'Land', terms: 'Ik ga akkoord met de gebruiksvoorwaarden' });
  await dialog.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Er is een fout opgetreden bij het aanmelden. Probeer het later opnieuw.');
  await expect(dialog.getByRole('link', { name: 'Wachtwoord vergeten' })).toHaveCount(0);
});

test('after five wrong passwords, sign-in says how long to wait (the server’s Retry-After), in Dutch too', async ({ page }) => {
  const email = uniqueEmail('throttle');
  await page.goto('/#/sign-in');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  for (let i = 0; i < 5; i++) {
    await dialog.getByLabel('Password', { exact: true }).fill(`wrong-${i}`);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The email or password is incorrect.');
    await dialog.getByLabel('Password', { exact: true }).fill('');
  }
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-again');
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^Too many sign-in attempts\. Try again in (1[0-5]) minutes\.$/);
  // The message is kept as a key: it follows a language switch.
  await page.goto('/#/nl/sign-in');
  await expect(dialog.getByRole('alert')).toHaveText(/^Te veel inlogpogingen\. Probeer het over (1[0-5]) minuten opnieuw\.$/);
});
