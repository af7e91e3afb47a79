// Wallet cards at the till (read-only, demo@): every card is drawn in its own symbology, on the card
// screen and in till mode, and a screenshot of it decodes back (zxing-wasm, independent of the app's
// generator) to the card's value and format. Till mode: largest size, Back / Esc / tap close it with
// focus returned, the screen is kept awake; copy buttons; a value its format cannot carry is shown
// as text, never as another symbology. The offline till journey is in offline/till-mode.spec.ts.
import type { Locator, Page } from '@playwright/test';
import { BARCODE_FORMATS } from '../../server/contract/barcode';
import type { WalletItem } from '../../server/contract/types';
import { decodePng, ZXING_FORMAT } from './support/decode-barcode';
import { expectAnnounced } from './support/a11y';
import { expect, expectNoA11yViolations, signInFast, test } from './support/fixtures';
import { fakeWakeLock, wakeLog } from './support/wake-lock';
import { userEmail } from './support/users';
import { walletItems } from './support/wallet-api';

const EMAIL = userEmail('demo');
const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };

/** Waits until the <img> has its picture, then decodes a screenshot of it. */
async function decode(img: Locator): Promise<{ format: string; text: string }[]> {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return decodePng(await img.screenshot());
}

function cardOf(items: WalletItem[], format: string): WalletItem {
  const item = items.find((i) => i.barcode_format === format);
  if (!item) throw new Error(`the demo wallet has no ${format} card`);
  return item;
}

/** Size of the picture drawn inside an object-fit: contain <img>, in CSS pixels. */
function drawnSize(img: Locator): Promise<{ w: number; h: number; boxW: number; boxH: number }> {
  return img.evaluate((el: HTMLImageElement) => {
    const r = el.getBoundingClientRect();
    const k = Math.min(r.width / el.naturalWidth, r.height / el.naturalHeight);
    return { w: el.naturalWidth * k, h: el.naturalHeight * k, boxW: r.width, boxH: r.height };
  });
}

const tillDialog = (page: Page, lang: 'en' | 'nl' = 'en') => page.getByRole('dialog', { name: lang === 'nl' ? 'Code voor de kassa' : 'Code for the till' });

test('every format is drawn as itself and scans back, on the card and in till mode, portrait and landscape', async ({ page, pageErrors }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PORTRAIT);
  await signInFast(page, EMAIL);
  const items = await walletItems(page, EMAIL);
  expect(new Set(items.map((i) => i.barcode_format))).toEqual(new Set(BARCODE_FORMATS));

  for (const format of BARCODE_FORMATS) {
    const item = cardOf(items, format);
    const want = [{ format: ZXING_FORMAT[format], text: item.barcode_value }];
    await page.setViewportSize(PORTRAIT);
    await page.goto(`/#/wallet/${item.id}`);
    const screen = page.getByRole('dialog');
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText(item.corporate_partner.name);
    expect(await decode(screen.locator('.sp-barcode__img')), `${format} on the card`).toEqual(want);

    await screen.getByRole('button', { name: 'Show at the till', exact: true }).click();
    const till = tillDialog(page);
    const big = till.getByRole('img');
    await expect(big).toHaveAccessibleName(new RegExp(`: ${item.barcode_value.replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')}$`));
    expect(await decode(big), `${format} in till mode (portrait)`).toEqual(want);
    await expect(till.getByText(item.card_number.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 '), { exact: true })).toBeVisible();
    // The largest size that fits: the picture fills its box in one dimension, and the box spans the width.
    const p = await drawnSize(big);
    expect(Math.max(p.w / p.boxW, p.h / p.boxH)).toBeGreaterThan(0.99);
    expect(p.boxW).toBeGreaterThanOrEqual(PORTRAIT.width - 40);

    await page.setViewportSize(LANDSCAPE);
    expect(await decode(big), `${format} in till mode (landscape)`).toEqual(want);
    const l = await drawnSize(big);
    expect(Math.max(l.w / l.boxW, l.h / l.boxH)).toBeGreaterThan(0.99);
    await page.keyboard.press('Escape');
    await expect(till).toHaveCount(0);
  }
  expect(pageErrors).toEqual([]);
});

test('till mode: opened by a tap on the code or its button; Back, Esc, a tap and Close shut it; focus returns; screen kept awake', async ({ page, pageErrors }) => {
  await fakeWakeLock(page);
  await page.setViewportSize(PORTRAIT);
  await signInFast(page, EMAIL);
  const item = cardOf(await walletItems(page, EMAIL), 'QR');
  await page.goto(`/#/wallet/${item.id}`);
  const screen = page.getByRole('dialog');
  const code = screen.getByRole('button', { name: /Show it full screen at the till$/ });
  const tillButton = screen.getByRole('button', { name: 'Show at the till', exact: true });
  const till = tillDialog(page);
  const wake = () => wakeLog(page);

  // A tap on the code opens it as a history entry; Back closes it and focus returns to the code.
  await code.click();
  await expect(till).toBeVisible();
  await expect(page).toHaveURL(/#\/wallet\/\d+\?till=1$/);
  await expectNoA11yViolations(page, 'till mode');
  expect(await wake()).toEqual(['request:screen']); // held by the card screen, also while till mode shows
  await page.goBack();
  await expect(till).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/wallet/${item.id}$`));
  await expect(code).toBeFocused();

  // Keyboard: Enter on the button opens it (focus inside), Esc closes, focus back on the button.
  await tillButton.focus();
  await page.keyboard.press('Enter');
  await expect(till).toBeVisible();
  await expect(till.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(till).toHaveCount(0);
  await expect(tillButton).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`#/wallet/${item.id}$`));

  // A tap anywhere on it closes it; so does Close.
  await tillButton.click();
  await till.getByRole('img').click();
  await expect(till).toHaveCount(0);
  await expect(tillButton).toBeFocused();
  await code.click();
  await till.getByRole('button', { name: 'Close' }).click();
  await expect(till).toHaveCount(0);
  await expect(code).toBeFocused();
  // Closing went back in history: Back now leaves the card for the wallet.
  await expect(page).toHaveURL(new RegExp(`#/wallet/${item.id}$`));
  expect(await wake()).toEqual(['request:screen']);
  await screen.getByRole('button', { name: 'Back to the wallet' }).click();
  await expect.poll(wake).toEqual(['request:screen', 'release']);
  expect(pageErrors).toEqual([]);
});

test('till mode opened from a link closes to the card; Dutch; axe clean', async ({ page }) => {
  await signInFast(page, EMAIL);
  const item = cardOf(await walletItems(page, EMAIL), 'AZTEC');
  await page.goto(`/#/nl/wallet/${item.id}?till=1`);
  const till = tillDialog(page, 'nl');
  await expect(till.getByRole('img', { name: `Aztec-code: ${item.barcode_value}` })).toBeVisible();
  await expect(till.getByText('Tik ergens of druk op Esc om te sluiten')).toBeVisible();
  await expectNoA11yViolations(page, 'till mode (nl)');
  await till.getByRole('button', { name: 'Sluiten' }).click();
  await expect(till).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/nl/wallet/${item.id}$`));
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Tonen aan de kassa', exact: true })).toBeFocused();
});

test('copy buttons: the card number, and the PIN once shown, with an announced toast', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInFast(page, EMAIL);
  const item = cardOf(await walletItems(page, EMAIL), 'CODE128');
  await page.goto(`/#/wallet/${item.id}`);
  const screen = page.getByRole('dialog');
  await screen.getByRole('button', { name: 'Copy card number' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Card number copied' })).toBeVisible();
  await expectAnnounced(page, 'Card number copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(item.card_number.replace(/\s+/g, ''));

  await expect(screen.getByRole('button', { name: 'Copy PIN' })).toHaveCount(0);
  await screen.getByRole('button', { name: 'Show PIN' }).click();
  await screen.getByRole('button', { name: 'Copy PIN' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'PIN copied' })).toBeVisible();
  await expectAnnounced(page, 'PIN copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(item.pin);
  await expectNoA11yViolations(page, 'wallet card with copy buttons');

  // On a wide window the toast stands over the screen's panel, not across its edge.
  await page.setViewportSize({ width: 1280, height: 800 });
  const toast = page.locator('.toast').filter({ hasText: 'PIN copied' });
  await expect(toast).toHaveCount(0);
  await screen.getByRole('button', { name: 'Copy PIN' }).click();
  await expect(toast).toBeVisible();
  const [t, panel] = await Promise.all([toast.boundingBox(), screen.locator('.modal-body').boundingBox()]);
  expect(t!.x).toBeGreaterThanOrEqual(panel!.x);
  expect(t!.x + t!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
});

test('a value its format cannot carry, or an unknown format, shows as text with a note, never as another symbology', async ({ page }) => {
  // The server's own answer, with two cards changed the way a newer or faulty server might send them:
  // the first EAN-13 gets a wrong check digit, the first QR card an unknown format. Routed before the
  // app first asks, so no unchanged copy of the wallet is ever cached.
  await page.route('**/api/v1.0/wallet/me', async (route) => {
    const res = await route.fetch();
    const items = (await res.json()) as WalletItem[];
    const ean = items.find((w) => w.barcode_format === 'EAN13')!;
    const qr = items.find((w) => w.barcode_format === 'QR')!;
    const badEan = ean.barcode_value.slice(0, 12) + String((Number(ean.barcode_value[12]) + 1) % 10);
    const body = items.map((w) => (w.id === ean.id ? { ...w, barcode_value: badEan } : w.id === qr.id ? { ...w, barcode_format: 'MAXICODE' } : w));
    await route.fulfill({ response: res, json: body });
  });
  await signInFast(page, EMAIL);
  const items = await walletItems(page, EMAIL); // as the app sees them, through the route
  const ean = cardOf(items, 'EAN13');
  const unknown = items.find((w) => (w.barcode_format as string) === 'MAXICODE')!;
  expect(unknown).toBeDefined();
  for (const [id, value, lang] of [[ean.id, ean.barcode_value, 'en'], [unknown.id, unknown.barcode_value, 'nl']] as const) {
    await page.goto(`/#${lang === 'nl' ? '/nl' : ''}/wallet/${id}`);
    const screen = page.getByRole('dialog');
    await expect(screen.locator('.sp-barcode__value')).toHaveText(value);
    await expect(screen.locator('.sp-barcode__note')).toHaveText(
      lang === 'nl'
        ? 'Deze code kan niet getoond worden om te scannen. Vraag de kassamedewerker het nummer hierboven in te typen.'
        : "This code can't be shown for scanning. Ask the cashier to type in the number above.",
    );
    await expect(screen.locator('.sp-barcode img')).toHaveCount(0);
    // Till mode shows the same: the number large, no picture of another symbology.
    await screen.getByRole('button', { name: lang === 'nl' ? 'Tonen aan de kassa' : 'Show at the till', exact: true }).click();
    const till = tillDialog(page, lang);
    await expect(till.locator('.sp-barcode__value')).toHaveText(value);
    await expect(till.locator('img')).toHaveCount(0);
    expect(await decodePng(await page.screenshot())).toEqual([]);
    await expectNoA11yViolations(page, `unreadable code in till mode (${lang})`);
    await page.keyboard.press('Escape');
  }
});
