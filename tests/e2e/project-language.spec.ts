// Projects speak the app's language, on a phone: "Doel kiezen" groups the projects under Dutch types and a
// project's details read in Dutch; in English the same screens read in English; switching language on an
// open app shows the other language's texts, never the copy fetched in the first.
import type { Locator } from '@playwright/test';
import { expect, signInFast, test } from './support/fixtures';
import { userEmail } from './support/users';

test.use({ viewport: { width: 390, height: 844 } });

/** The group headings of "Doel kiezen", sorted. */
const titles = async (dialog: Locator) => (await dialog.locator('h2.tgt-group-title').allTextContents()).sort();

test('project types and descriptions follow the language: Dutch on "Doel kiezen" and the details, English in English', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  await signInFast(page, userEmail('demo'));
  const dialog = page.getByRole('dialog');

  // English first, so the switch below has an English copy it must not show.
  await page.goto('/#/set-target');
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Set target');
  await expect.poll(() => titles(dialog)).toEqual(['Climate', 'Education', 'Health', 'Nature', 'Others', 'Water']);

  await page.goto('/#/nl/set-target');
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Doel kiezen');
  await expect.poll(() => titles(dialog)).toEqual(['Gezondheid', 'Klimaat', 'Natuur', 'Onderwijs', 'Overige', 'Water']);
  await expect(dialog.getByRole('region', { name: 'Klimaat' })).toContainText('Forest Corridors');

  // A target's details and a project's details read in Dutch.
  await page.goto('/#/nl/set-target/2');
  await expect(dialog.getByText('Plant inheemse bomen die losse bossen met elkaar verbinden', { exact: false })).toBeVisible();
  await page.goto('/#/nl/project/3');
  await expect(dialog.getByText('Een warme, gezonde lunch voor een kind op school', { exact: false })).toBeVisible();
  await expect(dialog.getByText('met 100 punten financier je 1 maaltijd', { exact: false })).toBeVisible();
  await expect(dialog.getByText('A warm, healthy lunch', { exact: false })).toHaveCount(0);

  // And back in English.
  await page.goto('/#/project/3');
  await expect(dialog.getByText('A warm, healthy lunch for a child at school', { exact: false })).toBeVisible();
  await expect(dialog.getByText('Een warme, gezonde lunch', { exact: false })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
