// Account screens on a fresh user: Select Interest (Save disabled until one is chosen) and an edit
// conflict on Edit Profile (409 edit_conflict shown; nothing typed is lost; re-apply on the latest).
import { expect, expectNoA11yViolations, signInFast, test } from './support/fixtures';
import { createAccount as createUser, uniqueEmail } from './support/users';

test('select interests: Save is disabled until one is chosen, and the choice is kept', async ({ page, request }) => {
  const email = uniqueEmail('interests');
  await createUser(request, email, 'interest-pass-1');
  await signInFast(page, email, 'interest-pass-1');
  await page.goto('/#/settings');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'My interests' }).click();
  await expect(page).toHaveURL(/#\/interests$/);
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  const chips = dialog.getByRole('list', { name: 'Select Interest' }).getByRole('button');
  await expect(chips.first()).toBeVisible();
  await expectNoA11yViolations(page, 'select interest');
  await chips.nth(0).click();
  await chips.nth(2).click();
  await expect(chips.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/#\/menu$/);
  await page.goto('about:blank');
  await page.goto('/#/interests');
  await expect(chips.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(chips.nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(chips.nth(1)).toHaveAttribute('aria-pressed', 'false');
});

test('edit profile: a conflicting edit is shown, nothing typed is lost, and it can be re-applied', async ({ page, request }) => {
  const email = uniqueEmail('conflict');
  const token = await createUser(request, email, 'conflict-pass-1');
  await signInFast(page, email, 'conflict-pass-1');
  await page.goto('about:blank');
  await page.goto('/#/edit-profile');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('First name')).toHaveValue('Edit');

  // A file that is not an image: the server's violation (invalid_mime_type), in the user's language.
  await page.locator('#profile-photo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toHaveText('This file is not a photo we can use: choose a PNG, JPEG, WebP or GIF image.');

  // Someone else saves the profile meanwhile (edit_version moves on).
  const me = await (await request.get('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  const put = await request.put('/api/v1.0/application-users/me', {
    headers: { Authorization: `Bearer ${token}` },
    data: { first_name: 'Other', last_name: 'Device', email, country_id: me.country.id, edit_version: me.edit_version },
  });
  expect(put.status()).toBe(200);

  // A name over the limit says which limit, in English and in Dutch.
  await dialog.getByLabel('First name').fill('x'.repeat(101));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A name can have at most 100 characters.')).toBeVisible();
  await dialog.getByRole('button', { name: /Choose language/ }).click();
  await dialog.getByRole('button', { name: 'NEDERLANDS' }).click();
  await expect(dialog.getByText('Een naam mag hoogstens 100 tekens hebben.')).toBeVisible();
  await page.goto('/#/edit-profile');

  await dialog.getByLabel('First name').fill('Mine');
  await dialog.getByLabel('Last name').fill('Typed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Your profile was changed somewhere else')).toBeVisible();
  await expect(dialog.getByLabel('First name')).toHaveValue('Mine');
  await expect(dialog.getByLabel('Last name')).toHaveValue('Typed');
  await expectNoA11yViolations(page, 'edit conflict');

  await dialog.getByRole('button', { name: 'Load the latest version and save my changes' }).click();
  await expect(dialog.getByText('Your profile has been saved.')).toBeVisible();
  const after = await (await request.get('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${token}` } })).json();
  expect([after.first_name, after.last_name]).toEqual(['Mine', 'Typed']);
});
