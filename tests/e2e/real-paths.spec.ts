// A link without the hash, typed or pasted, on a phone: /nl/wallet opens the Dutch wallet (a visitor
// the Dutch start screen, and after signing in the wallet), /en/… the English screen, /nl/ the Dutch shop;
// a path no screen has is a 404 page in the visitor's language with a way to the shop. Once the service
// worker controls the page it does the same, and offline it shows its own copy of the 404 page.
import { signInFast, test, waitForWorker, expect } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { DEMO_PASSWORD, userEmail } from './support/users';

test.use({ viewport: { width: 390, height: 844 } });

test('a visitor: /nl/wallet lands on the Dutch start screen and, once signed in, on the Dutch wallet', async ({ page, pageErrors }) => {
  await page.goto('/nl/wallet');
  await expect(page).toHaveURL(/\/#\/nl\/start$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Welkom bij SocialPay');
  await dialog.getByRole('link', { name: 'inloggen', exact: true }).click();
  await dialog.getByLabel('E-mailadres').fill(userEmail('demo'));
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
  // Back to where the link pointed, in Dutch.
  await expect(page).toHaveURL(/\/#\/nl\/wallet$/);
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Portemonnee');
  expect(pageErrors).toEqual([]);
});

test('signed in: /nl/wallet, /en/wallet and /nl/ open their screens in their language; unknown paths are a 404 page in the visitor\'s language', async ({ page, pageErrors }) => {
  await signInFast(page, userEmail('demo'));
  const dialog = page.getByRole('dialog');

  await page.goto('/nl/wallet');
  await expect(page).toHaveURL(/\/#\/nl\/wallet$/);
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Portemonnee');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  await page.goto('/en/wallet');
  await expect(page).toHaveURL(/\/#\/wallet$/);
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Wallet');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto('/nl/');
  await expect(page).toHaveURL(/\/#\/nl$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('searchbox').first()).toHaveAttribute('placeholder', /.+/);

  // Unknown: the 404 page, in the path's language or else the browser's.
  const nl = await page.goto('/nl/bestaat-niet');
  expect(nl?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina bestaat niet');
  await page.getByRole('link', { name: 'Naar de SocialPay-winkel' }).click();
  await expect(page).toHaveURL(/\/#\/nl$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  const en = await page.goto('/no-such-page');
  expect(en?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page does not exist');
  await expect(page.getByRole('link', { name: 'Go to the SocialPay shop' })).toHaveAttribute('href', '/');
  expect(pageErrors).toEqual([]);
});

test.describe('a Dutch browser', () => {
  test.use({ locale: 'nl-NL', extraHTTPHeaders: { 'Accept-Language': 'nl-NL,nl;q=0.9' } });
  test('an unknown path without a language is the Dutch 404 page', async ({ page }) => {
    const res = await page.goto('/oude-link');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina bestaat niet');
  });
});

test('with the service worker in control: /nl/wallet still opens the Dutch wallet; offline an unknown path shows the 404 page', { tag: '@worker' }, async ({ page, context, pageErrors }) => {
  await signInFast(page, userEmail('demo'));
  await waitForWorker(page);
  const dialog = page.getByRole('dialog');

  await page.goto('/nl/wallet');
  await expect(page).toHaveURL(/\/#\/nl\/wallet$/);
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('Portemonnee');
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await goOffline(context);
  try {
    await page.goto('/nl/bestaat-niet');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina bestaat niet');
    await page.goto('/nl/menu');
    await expect(page).toHaveURL(/\/#\/nl\/menu$/);
  } finally {
    await goOnline(context);
  }
  expect(pageErrors).toEqual([]);
});
