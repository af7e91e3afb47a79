// The new-user journey through the app shell, on the production build and the real server:
// land → country → sign up → finish → menu → reload (still signed in) → Dutch → edit profile with photo
// → logout → sign in → delete account → cannot sign in any more. axe on every screen visited.
import { expect, expectNoA11yViolations, test } from './support/fixtures';
import { PNG_1x1 } from './support/files';
import { USERS, uniqueEmail } from './support/users';

test('a visitor signs up, stays signed in, switches language, edits the profile, logs out, signs in and deletes the account', async ({ page, pageErrors }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('shell');
  const password = 'correct-horse-9';

  // Land as a visitor on the shop page.
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  await expectNoA11yViolations(page, 'shop (visitor)');

  // Log in button → Start screen.
  await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/start$/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Welcome to SocialPay' })).toBeVisible();
  await expectNoA11yViolations(page, 'start');

  // Country is required.
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect(dialog.getByText('Please select a country to proceed')).toBeVisible();
  await dialog.getByLabel('Country of residence').selectOption({ label: 'Netherlands' });
  await dialog.getByRole('button', { name: 'Sign up' }).click();

  // Sign Up: the country carries over; passwords are hidden with a toggle.
  await expect(page).toHaveURL(/#\/sign-up$/);
  await expect(dialog.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await expect(dialog.getByLabel('Country', { exact: true })).toHaveValue(/\d+/);
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Show password' }).first().click();
  await expect(dialog.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await expectNoA11yViolations(page, 'sign up');

  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm password').fill(password);
  await dialog.getByLabel('I accept the Terms of Use').check();
  await dialog.getByRole('button', { name: 'Sign up' }).click();

  // Finish Sign Up → Menu.
  await expect(page).toHaveURL(/#\/finish-sign-up$/);
  await expect(dialog.getByRole('heading', { name: 'Finish Sign Up' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Terms of Use' })).toBeVisible();
  await expectNoA11yViolations(page, 'finish sign up');
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  // The optional step after sign-up offers reward targets and interests; skipping it goes on.
  await expect(page).toHaveURL(/#\/welcome$/);
  await expect(dialog.getByRole('link', { name: /Choose your reward targets/ })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Choose your interests/ })).toBeVisible();
  await expectNoA11yViolations(page, 'welcome step');
  await dialog.getByRole('button', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/#\/menu$/);
  await expect(dialog.getByRole('heading', { name: 'Hi Ada' })).toBeVisible();
  for (const name of ['My rewards', 'Transactions', 'Wallet', 'Set target', 'Favorites', 'Ambassador', 'Feedback', 'Settings', 'FAQ']) {
    await expect(dialog.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', /^mailto:support@socialpay\.test/);
  await expectNoA11yViolations(page, 'menu');

  // Reload: still signed in on the menu.
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Hi Ada' })).toBeVisible();

  // Switch to Dutch from the screen's language switcher: the screen is kept.
  await dialog.getByRole('button', { name: /Choose language/ }).click();
  await dialog.getByRole('button', { name: 'NEDERLANDS' }).click();
  await expect(page).toHaveURL(/#\/nl\/menu$/);
  await expect(dialog.getByRole('heading', { name: 'Hoi Ada' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Mijn beloningen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expectNoA11yViolations(page, 'menu (nl)');

  // Settings → Edit profile (in Dutch): change the name and upload a photo.
  await dialog.getByRole('link', { name: 'Instellingen' }).click();
  await expect(page).toHaveURL(/#\/nl\/settings$/);
  await expectNoA11yViolations(page, 'settings (nl)');
  await dialog.getByRole('link', { name: 'Profiel bewerken' }).click();
  await expect(page).toHaveURL(/#\/nl\/edit-profile$/);
  await expect(dialog.getByLabel('E-mailadres')).toHaveValue(email);
  await expectNoA11yViolations(page, 'edit profile (nl)');
  await dialog.getByLabel('Voornaam').fill('');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Vul alle velden in')).toBeVisible();
  await dialog.getByLabel('Voornaam').fill('Augusta');
  await page.locator('#profile-photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(dialog.getByText('Nieuwe foto klaar. Druk op Opslaan om hem te bewaren.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Je profiel is opgeslagen.')).toBeVisible();
  // The server's refusals in Dutch too: a file that is no image, an email another account has.
  await page.locator('#profile-photo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(dialog.getByText('Dit bestand is geen foto die we kunnen gebruiken: kies een PNG-, JPEG-, WebP- of GIF-afbeelding.')).toBeVisible();
  await expect(dialog.getByText('Je profiel is opgeslagen.'), 'no "saved" beside the error').toHaveCount(0);
  await dialog.getByLabel('E-mailadres').fill(USERS.demo);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Dit e-mailadres wordt al door een ander account gebruikt.')).toBeVisible();
  await expect(dialog.getByText(/already/)).toHaveCount(0);
  await dialog.getByLabel('E-mailadres').fill(email);
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(dialog.getByText('Je profiel is opgeslagen.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Terug' }).click();
  await dialog.getByRole('button', { name: 'Terug' }).click();
  await expect(page).toHaveURL(/#\/nl\/menu$/);
  await expect(dialog.getByRole('heading', { name: 'Hoi Augusta' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Profielfoto van Augusta' })).toBeVisible();

  // Back to English, log out from Settings → Start screen.
  await dialog.getByRole('button', { name: /Kies een taal/ }).click();
  await dialog.getByRole('button', { name: 'ENGLISH' }).click();
  await expect(page).toHaveURL(/#\/menu$/);
  await dialog.getByRole('link', { name: 'Settings' }).click();
  // The session this browser holds (IndexedDB), to try after signing out.
  const held = await page.evaluate(
    () =>
      new Promise<{ access_token: string; refresh_token: string }>((resolve, reject) => {
        const open = indexedDB.open('socialpay-session');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('session').objectStore('session').get('tokens');
          read.onsuccess = () => resolve(read.result);
        };
      }),
  );
  expect(held.refresh_token).toBeTruthy();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/start$/);
  // Signing out ended the session on the server too: its tokens no longer work.
  await expect
    .poll(async () => (await page.request.get('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${held.access_token}` } })).status())
    .toBe(401);
  const refresh = await page.request.post('/oauth/v2/token', { data: { grant_type: 'refresh_token', refresh_token: held.refresh_token, scope: 'ios' } });
  expect(refresh.status()).toBe(400);
  await page.reload();
  await expect(page).toHaveURL(/#\/start$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();

  // Sign in again.
  await dialog.getByRole('link', { name: 'log in' }).click();
  await expect(page).toHaveURL(/#\/sign-in$/);
  await expectNoA11yViolations(page, 'sign in');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/menu$/);
  await expect(dialog.getByRole('heading', { name: 'Hi Augusta' })).toBeVisible();

  // Delete the account: explanation → Yes → confirm Delete → Start screen.
  await dialog.getByRole('link', { name: 'Settings' }).click();
  await dialog.getByRole('link', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/#\/delete-account$/);
  await expect(dialog.getByText('Deleting your account is irreversible.')).toBeVisible();
  await expectNoA11yViolations(page, 'delete account');
  await dialog.getByRole('button', { name: 'No', exact: true }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await dialog.getByRole('link', { name: 'Delete Account' }).click();
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  await expectNoA11yViolations(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/#\/start$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  const session = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('socialpay-session');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('session')) return resolve(null);
          const req = db.transaction('session').objectStore('session').get('tokens');
          req.onsuccess = () => resolve(req.result ?? null);
        };
      }),
  );
  expect(session).toBeNull();

  // The deleted account can no longer sign in.
  await page.goto('/#/sign-in');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('The email or password is incorrect.');
  await expect(page).toHaveURL(/#\/sign-in$/);

  expect(pageErrors).toEqual([]);
});
