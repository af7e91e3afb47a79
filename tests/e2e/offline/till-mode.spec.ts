// Till mode in airplane mode (read-only, demo@): a card opened online shows in till mode after the
// network is gone and scans back; after a cold offline start, a card never opened before draws too:
// the drawing chunk comes from the service worker's precache, not from an earlier visit.
import type { Locator, Page } from '@playwright/test';
import { decodePng, ZXING_FORMAT } from '../support/decode-barcode';
import { expect, expectNoA11yViolations, signInFast, test, waitForWorker } from '../support/fixtures';
import { goOffline, goOnline } from '../support/network';
import { userEmail } from '../support/users';
import { walletItems } from '../support/wallet-api';

const EMAIL = userEmail('demo');

async function decodeTill(page: Page): Promise<{ format: string; text: string }[]> {
  const img: Locator = page.getByRole('dialog', { name: 'Code for the till' }).getByRole('img');
  await expect(img).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  return decodePng(await img.screenshot());
}

const drawChunkRequested = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/barcode-draw-.*\.js$/.test(e.name)));

test('till mode works offline: a card opened before going offline, and after a cold offline start one never opened', { tag: '@worker' }, async ({ page, context, pageErrors }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, EMAIL);
  const items = await walletItems(page, EMAIL);
  const opened = items.find((i) => i.barcode_format === 'CODE128')!;
  const never = items.find((i) => i.barcode_format === 'DATAMATRIX')!;

  // Online: only the wallet list; no code has been drawn, so the drawing chunk was never requested.
  await page.goto('/#/wallet');
  await expect(page.getByRole('dialog').locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1500); // the persisted query cache saves throttled
  expect(await drawChunkRequested(page)).toBe(false);

  await goOffline(context);
  try {
    // A cold start in airplane mode, straight into a card never opened: the chunk comes from the precache.
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.getByRole('dialog').locator('.sp-wallet__card', { hasText: never.corporate_partner.name }).first().click();
    await expect(page).toHaveURL(new RegExp(`#/wallet/${never.id}$`));
    await page.getByRole('dialog').getByRole('button', { name: /Show it full screen at the till$/ }).click();
    expect(await decodeTill(page)).toEqual([{ format: ZXING_FORMAT.DATAMATRIX, text: never.barcode_value }]);
    await expectNoA11yViolations(page, 'till mode offline');
    await page.keyboard.press('Escape');
  } finally {
    await goOnline(context);
  }

  // The counter journey: open a card online, lose the signal, show it at the till.
  await page.goto(`/#/wallet/${opened.id}`);
  await expect(page.getByRole('dialog').getByRole('heading', { level: 1 })).toHaveText(opened.corporate_partner.name);
  await goOffline(context);
  try {
    await page.getByRole('dialog').getByRole('button', { name: 'Show at the till', exact: true }).click();
    expect(await decodeTill(page)).toEqual([{ format: ZXING_FORMAT.CODE128, text: opened.barcode_value }]);
  } finally {
    await goOnline(context);
  }
  expect(pageErrors).toEqual([]);
});
