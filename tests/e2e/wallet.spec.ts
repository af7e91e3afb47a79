// Gift card purchase through the sandbox payment provider, the wallet's polling, and the wallet card (demo7).
import { expect, expectNoA11yViolations, signInFast, signInNewAccount, test } from './support/fixtures';
import { fakeWakeLock, wakeLog } from './support/wake-lock';
import { userEmail } from './support/users';
import { walletItems } from './support/wallet-api';
import type { Page } from '@playwright/test';

const EMAIL = userEmail('commerce');

/** The number of cards the server holds for the user. */
async function walletCount(page: Page): Promise<number> {
  return (await walletItems(page, EMAIL)).length;
}

test('buys a €25 gift card, waits for the order, and opens the card with a barcode', { tag: '@worker' }, async ({ page, pageErrors }) => {
  await signInFast(page, EMAIL);
  const before = await walletCount(page);

  // The shop's gift-card tile opens the primary brand's gift card screen.
  await page.getByRole('button', { name: /Buy a gift card/ }).click();
  await expect(page).toHaveURL(/#\/gift-card$/);
  const dialog = page.getByRole('dialog');
  const amount = dialog.getByLabel('Amount in euro');
  const buy = dialog.getByRole('button', { name: 'Buy' });
  await expect(buy).toBeDisabled();
  await amount.fill('0');
  await expect(buy).toBeDisabled();
  await amount.fill('25');
  await expect(buy).toBeEnabled();
  await expectNoA11yViolations(page, 'gift card');

  const payRequest = page.waitForRequest((r) => /\/corporate-partners\/\d+\/pay$/.test(r.url()) && r.method() === 'POST');
  await buy.click();
  expect((await payRequest).postDataJSON()).toEqual({ amount: 25 });

  // The sandbox provider (same origin, /sandbox/) → Pay → back to #/wallet?orderId=…
  await page.waitForURL(/\/sandbox\/pay\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(/#\/wallet\?orderId=/);

  const wallet = page.getByRole('dialog');
  // The ready message names the card bought.
  await expect(wallet.locator('.sp-wallet__ok')).toHaveText(/^Your €25\.00 .+ gift card is ready\. Open the card$/, { timeout: 20_000 });
  const cards = wallet.getByRole('listitem');
  await expect(cards).toHaveCount(before + 1);
  expect(await walletCount(page)).toBe(before + 1);
  // The primary brand's newest card comes first.
  await expect(cards.first()).toContainText('€25.00');
  await expectNoA11yViolations(page, 'wallet');

  // Open it from the message: full screen with balance, card number, PIN behind a toggle, and a barcode.
  const newCardId = await cards.first().getAttribute('data-card-id');
  await wallet.getByRole('link', { name: 'Open the card' }).click();
  await expect(page).toHaveURL(new RegExp(`#/wallet/${newCardId}$`));
  const card = page.getByRole('dialog');
  await expect(card.getByText('Card number')).toBeVisible();
  await expect(card.getByText('••••')).toBeVisible();
  await card.getByRole('button', { name: 'Show PIN' }).click();
  await expect(card.getByText('••••')).toHaveCount(0);
  const barcode = card.locator('.sp-barcode__img');
  await expect.poll(() => barcode.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(card.getByText(/Last updated/)).toBeVisible();
  // Redeem (online use of the card) is on the card's screen too, as on its row.
  await page.evaluate(() => {
    const w = window as unknown as { opened: string[] };
    w.opened = [];
    window.open = (url?: string | URL) => (w.opened.push(String(url)), null);
  });
  await card.getByRole('button', { name: /^Redeem at / }).click();
  expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([expect.stringMatching(/^https:\/\/cards\.example\/redeem\/\d+$/)]);
  await expectNoA11yViolations(page, 'wallet card');
  expect(pageErrors).toEqual([]);
});

test('a cancelled payment says so', async ({ page }) => {
  await signInFast(page, EMAIL);
  await page.goto('/#/gift-card');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount in euro').fill('10');
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await page.waitForURL(/\/sandbox\/pay\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/#\/wallet\?orderId=.*status=cancelled/);
  await expect(page.getByRole('dialog').locator('.sp-wallet__warn')).toHaveText('The payment was canceled. No gift card was bought.');
});

test('a payment URL off the provider origin is not followed; the user is told', async ({ page }) => {
  await signInFast(page, EMAIL);
  await page.route(/\/corporate-partners\/\d+\/pay$/, (route) =>
    route.fulfill({ status: 201, contentType: 'application/json', body: JSON.stringify({ payment_url: 'https://evil.example/pay', order_id: 1 }) }),
  );
  await page.goto('/#/gift-card');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount in euro').fill('5');
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The payment could not be started. Please try again later.');
  expect(page.url()).toContain('#/gift-card');
  await expect(dialog.getByRole('button', { name: 'Buy' })).toBeEnabled();
});

test('the wallet card keeps the screen awake while open', async ({ page }) => {
  await fakeWakeLock(page);
  await signInFast(page, EMAIL);
  await page.goto('/#/wallet');
  await page.getByRole('dialog').getByRole('listitem').first().getByRole('button').first().click();
  await expect(page).toHaveURL(/#\/wallet\/\d+$/);
  await expect.poll(() => wakeLog(page)).toEqual(['request:screen']);
  await page.getByRole('dialog').getByRole('button', { name: 'Back to the wallet' }).click();
  await expect.poll(() => wakeLog(page)).toEqual(['request:screen', 'release']);
});

test('a wallet that cannot load says so, offers Retry, and still leads to the purchases', async ({ page, context }) => {
  await signInFast(page, EMAIL);
  await context.route(/\/api\/v1(\.0)?\/wallet\/me$/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal_server_error","error_description":"boom"}' }),
  );
  await page.goto('/#/wallet');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toContainText('Something went wrong', { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The purchases come from their own request: the wallet's failure does not hide the way to them.
  await expect(dialog.getByRole('link', { name: 'Purchases and receipts' })).toBeVisible();
});

test('an empty wallet says so and leads to buying a first card', async ({ page, request }) => {
  await signInNewAccount(page, request, 'empty-wallet');
  await page.goto('/#/nl/wallet');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Je hebt nog geen cadeaukaarten in je portemonnee.')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('link', { name: 'Koop een cadeaukaart' }).click();
  await expect(page).toHaveURL(/#\/nl\/gift-card$/);
  await expect(dialog.getByRole('heading', { level: 1, name: 'Cadeaukaart' })).toBeVisible();
});
