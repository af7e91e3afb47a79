// Privacy: the screen-visit switch (off until turned on, no tracking request while off, GPC honoured),
// the signed-in devices list with "Sign out everywhere else" seen from a second browser context, and
// the privacy statement and "Download my data", in English and Dutch. Fresh users: signing devices out must touch no one else.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, signInFast, test } from './support/fixtures';
import { uniqueEmail } from './support/users';

const PASSWORD = 'privacy-pass-1';

// Two browsers, axe on four screens: more than the default minute on a busy machine.
test.describe.configure({ timeout: 240_000 });

async function createUser(request: APIRequestContext, email: string): Promise<void> {
  const visitor = await (await request.post('/oauth/v2/token', { data: { grant_type: 'client_credentials', scope: 'ios' } })).json();
  const auth = { Authorization: `Bearer ${visitor.access_token}` };
  const countries = await (await request.get('/api/v1.0/site/countries', { headers: auth })).json();
  const country = (countries.results ?? countries)[0];
  const res = await request.post('/api/v1.0/application-users', {
    headers: auth,
    data: { first_name: 'Priv', last_name: 'Acy', email, password: PASSWORD, password_confirmation: PASSWORD, country_id: country.id, currency: 'EUR' },
  });
  expect(res.status()).toBe(201);
}

/** Every screen-visit request the page sends from now on. */
function trackingRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/tracking/screen-visit')) sent.push(r.postData() ?? '');
  });
  return sent;
}

/** Opens a few screens the way a user does (the router resolves each, which is when a visit is sent). */
async function browse(page: Page, prefix = ''): Promise<void> {
  for (const path of ['/menu', '/wallet', '/menu']) {
    await page.evaluate((h) => (location.hash = h), `${prefix}${path}`);
    await expect(page).toHaveURL(new RegExp(`#${prefix}${path}$`));
  }
  await page.waitForTimeout(1500); // visits go out when the browser is idle (at most 3 s later)
}

test('the screen-visit switch: off until turned on, nothing sent while off, saved for the account', async ({ page, request }) => {
  const email = uniqueEmail('privacy-switch');
  await createUser(request, email);
  await signInFast(page, email, PASSWORD);
  const sent = trackingRequests(page);
  await browse(page);
  expect(sent).toEqual([]);

  await page.goto('/#/settings');
  const dialog = page.getByRole('dialog');
  const sw = dialog.getByRole('switch', { name: 'Help improve SocialPay: share which screens I open' });
  await expect(sw).not.toBeChecked();
  await expect(dialog).toContainText('it is off until you turn it on');
  await expectNoA11yViolations(page, 'settings with the privacy section');
  await sw.check();
  await expect(page.getByText('Thank you: the screens you open are now shared.').first()).toBeAttached();
  await browse(page);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.some((b) => b.includes('Menu Screen'))).toBe(true);

  await page.goto('/#/nl/settings');
  const nlSwitch = dialog.getByRole('switch', { name: 'Help SocialPay beter te maken: deel welke schermen ik open' });
  await expect(nlSwitch).toBeChecked();
  await nlSwitch.uncheck();
  await expect(nlSwitch).not.toBeChecked();
  const before = sent.length;
  await browse(page, '/nl');
  expect(sent.length).toBe(before);
  await expectNoA11yViolations(page, 'settings in Dutch');

  // The account holds the choice: a sign-in on a fresh device starts from it.
  const token = await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: email, password: PASSWORD } })).json();
  const privacy = await (await request.get('/api/v1.0/application-users/me/privacy', { headers: { Authorization: `Bearer ${token.access_token}` } })).json();
  expect(privacy.screen_visits).toBe(false);
});

test('a visitor with Global Privacy Control: nothing sent, the statement says why; statement in both languages', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const sent = trackingRequests(page);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/#\/privacy$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Privacy statement' })).toBeVisible();
  for (const h of ['What we keep and why', 'How long we keep it', 'Who receives what', 'Your rights and how to use them']) {
    await expect(dialog.getByRole('heading', { level: 2, name: h })).toBeVisible();
  }
  await expect(dialog).toContainText('90 days');
  await expect(dialog).toContainText('Global Privacy Control');
  await expect(dialog.getByRole('switch')).not.toBeChecked();
  await expectNoA11yViolations(page, 'privacy statement');
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await page.goto('/#/nl/privacy');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Privacyverklaring' })).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2, name: 'Je rechten en hoe je ze gebruikt' })).toBeVisible();
  await expect(dialog).toContainText('Autoriteit Persoonsgegevens');
  await page.waitForTimeout(1500);
  expect(sent).toEqual([]);
});

test('signed-in devices: "Sign out everywhere else" returns the other browser to the start, keeping nothing', async ({ page, browser, request }) => {
  const email = uniqueEmail('privacy-devices');
  await createUser(request, email);
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signInFast(phone, email, PASSWORD);
  await phone.goto('/#/menu');
  await expect(phone).toHaveURL(/#\/menu$/);
  await signInFast(page, email, PASSWORD);

  await page.goto('/#/settings');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'Signed-in devices' }).click();
  await expect(page).toHaveURL(/#\/devices$/);
  const items = dialog.getByTestId('device');
  await expect(items).toHaveCount(2);
  await expect(items.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(items.first()).toContainText(/Chrome on (Windows|Linux|macOS)/);
  await expectNoA11yViolations(page, 'signed-in devices');

  await dialog.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('This device');
  await expect(dialog).toContainText('Only this device is signed in.');

  // The other browser's next request is refused: it lands on the start screen with nothing of the account.
  await phone.goto('/#/devices'); // a screen whose data is always fetched: its request is the next one
  await expect(phone).toHaveURL(/#\/start$/, { timeout: 60_000 });
  const kept = await phone.evaluate(() => localStorage.getItem('auth') ?? '');
  expect(kept).not.toContain(email);
  await other.close();

  // This device stays signed in; in Dutch the screen speaks Dutch.
  await page.goto('/#/nl/devices');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Ingelogde apparaten' })).toBeVisible();
  await expect(items.first()).toContainText('Dit apparaat');
  await expectNoA11yViolations(page, 'signed-in devices in Dutch');
});

test('download my data: the warning, the password again, the file and its summary, in English and Dutch', async ({ page, request }) => {
  const email = uniqueEmail('privacy-export');
  await createUser(request, email);
  await signInFast(page, email, PASSWORD);
  await page.goto('/#/settings');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'Download my data' }).click();
  await expect(page).toHaveURL(/#\/download-data$/);
  await expect(dialog).toContainText("The file includes your gift cards' numbers and PINs");
  await expectNoA11yViolations(page, 'download my data');

  const password = dialog.getByLabel('Your password', { exact: true });
  await password.fill('not-my-password');
  // On the keyboard: Enter on the button sends it; a refused password brings focus back to the field
  // (not to the page), which names its error.
  await dialog.getByRole('button', { name: 'Download my data' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText('That password is not right.');
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(/That password is not right\./);

  await password.fill(PASSWORD);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^socialpay-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(file.version).toBe(1);
  expect(file.tables.profile[0].email).toBe(email);
  const summary = dialog.getByTestId('export-summary');
  await expect(summary).toContainText('Profile: 1 item');
  await expect(summary).toContainText('Transactions: 1 item'); // the sign-up bonus
  await expectNoA11yViolations(page, 'download my data, with its summary');

  await page.goto('/#/nl/download-data');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Mijn gegevens downloaden' })).toBeVisible();
  await expect(dialog).toContainText('nummers en pincodes van je cadeaukaarten');
  await dialog.getByLabel('Je wachtwoord', { exact: true }).fill(PASSWORD);
  const [nl] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Mijn gegevens downloaden' }).click()]);
  expect(JSON.parse(readFileSync(await nl.path(), 'utf8')).user_id).toBe(file.user_id);
  await expect(dialog.getByTestId('export-summary')).toContainText('Profiel: 1 item');
});

/** Fills in the open Sign Up form for a new account and sends it; resolves on Finish Sign Up. */
async function signUpInForm(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('First name').fill('Asked');
  await dialog.getByLabel('Last name').fill('Once');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm password').fill(PASSWORD);
  await dialog.getByLabel('I accept the Terms of Use').check();
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/#\/finish-sign-up$/);
}

test('after sign-up the question is asked once, in the page, and the answer is kept for the account', async ({ page, request }) => {
  const sent = trackingRequests(page);
  await page.goto('/#/start');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Country of residence').selectOption({ label: 'Netherlands' });
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog.getByRole('link', { name: 'Read the Privacy statement (opens in a new tab)' })).toHaveAttribute('href', /#\/privacy$/);
  const email = uniqueEmail('privacy-ask');
  await signUpInForm(page, email);
  const ask = dialog.getByTestId('screen-visits-ask');
  await expect(ask).toContainText('Help improve SocialPay: share which screens I open?');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeEnabled(); // never blocking
  await expectNoA11yViolations(page, 'finish sign-up with the question');
  expect(sent).toEqual([]);
  await ask.getByRole('button', { name: 'No, thanks' }).click();
  await expect(ask).toContainText('Screens you open are no longer shared.');
  const token = await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: email, password: PASSWORD } })).json();
  const privacy = await (await request.get('/api/v1.0/application-users/me/privacy', { headers: { Authorization: `Bearer ${token.access_token}` } })).json();
  expect(privacy.screen_visits).toBe(false);
  // Asked once: the answer is made, so the page does not ask again.
  await page.goto('/#/menu');
  await page.goto('/#/finish-sign-up');
  await expect(dialog.getByTestId('screen-visits-ask')).toHaveCount(0);
});

test.describe('the way back to Finish Sign Up while the next screen still loads', () => {
  // The Menu's code is held back (the service worker would serve it from its cache), so the router keeps
  // Finish Sign Up on screen when the person comes back to it: the case that made the question reappear.
  test.use({ serviceWorkers: 'block' });

  test('does not show the answered question again', async ({ page }) => {
    await page.goto('/#/start');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Country of residence').selectOption({ label: 'Netherlands' });
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await signUpInForm(page, uniqueEmail('privacy-back'));
    const ask = dialog.getByTestId('screen-visits-ask');
    await ask.getByRole('button', { name: 'Yes, share' }).click();
    await expect(ask).toContainText('You can change this any time in Settings.');
    await page.route('**/assets/menu-screen-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue();
    });
    await page.goto('/#/menu');
    await page.goto('/#/finish-sign-up');
    await expect(dialog.getByRole('heading', { level: 1, name: 'Finish Sign Up' })).toBeVisible();
    await expect(dialog.getByTestId('screen-visits-ask')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('socialpay.screen-visits'))).toBe('on');
  });
});
