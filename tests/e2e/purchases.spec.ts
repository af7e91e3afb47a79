// Purchases and receipts (a fresh user, so its orders are exactly the ones made here): against a server
// without orders the menu has no Purchases entry; buy a card, its wallet card links to a receipt that
// matches the paid order (amount, reward, order number); an order left awaiting payment is resumed in
// Dutch (the payment page speaks Dutch) and cancelled in the app; the list shows every status in words
// and, seen once, shows offline after a reload; axe on the list and the receipt.
import type { APIRequestContext } from '@playwright/test';
import type { Order, Paged } from '../../server/contract/types';
import { expect, expectNoA11yViolations, signInFast, test, waitForWorker } from './support/fixtures';
import { expectAnnounced } from './support/a11y';
import { buyGiftCard } from './support/gift-card';
import { goOffline } from './support/network';
import { savedQueries } from './support/saved-cache';
import { uniqueEmail } from './support/users';

const PASSWORD = 'purchases-pass-2026';
const API = '/api/v1.0';

async function createUser(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('purchases');
  const visitor = await (await request.post('/oauth/v2/token', { data: { grant_type: 'client_credentials', scope: 'ios' } })).json();
  const res = await request.post(`${API}/application-users`, {
    headers: { Authorization: `Bearer ${visitor.access_token}` },
    data: { first_name: 'Pia', last_name: 'Purchase', email, password: PASSWORD, password_confirmation: PASSWORD, country_id: 1, currency: 'EUR' },
  });
  expect(res.status()).toBe(201);
  return email;
}

async function serverOrders(request: APIRequestContext, email: string): Promise<Order[]> {
  const t = await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: email, password: PASSWORD, scope: 'ios' } })).json();
  return ((await (await request.get(`${API}/orders/me`, { headers: { Authorization: `Bearer ${t.access_token}` } })).json()) as Paged<Order>).results;
}

/** Buy on the gift card screen; 'pay' finishes on the sandbox page, 'leave' stops on it. */
test('purchases: receipt of a paid card, resume (Dutch) and cancel an awaiting order, hidden on an older server', { tag: '@worker' }, async ({ page, context, request, pageErrors }) => {
  test.setTimeout(120_000);
  const email = await createUser(request);
  await signInFast(page, email, PASSWORD);
  const dialog = page.getByRole('dialog');

  // An older server without orders: no Purchases entry in the menu.
  await page.route(/\/api\/v1(\.0)?\/orders\//, (route) => route.fulfill({ status: 404, json: { error: 'not_found', error_description: 'Not found.' } }));
  const refused = page.waitForResponse((r) => /\/orders\/me/.test(r.url()) && r.status() === 404);
  await page.goto('/#/menu');
  await refused;
  await expect(dialog.getByRole('link', { name: 'Wallet' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Purchases' })).toHaveCount(0);
  await page.unroute(/\/api\/v1(\.0)?\/orders\//);

  // ---- a paid card: its wallet card links to the receipt, which matches the order ----
  await buyGiftCard(page, '30');
  const [paid] = await serverOrders(request, email);
  expect(paid).toMatchObject({ status: 'paid', amount: 3000 });
  expect(paid.reward_points).toBeGreaterThan(0);
  await dialog.locator('.sp-wallet__card', { hasText: '€30.00' }).click();
  await dialog.getByRole('link', { name: 'View the receipt' }).click();
  await expect(page).toHaveURL(new RegExp(`#/purchases/${paid.id}$`));
  await expect(dialog.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
  await expect(dialog.getByTestId('receipt-brand')).toHaveText(paid.corporate_partner.name);
  await expect(dialog.getByTestId('receipt-amount')).toHaveText('€30.00');
  // Not claimed as earned: its transaction may still be pending.
  await expect(dialog.getByTestId('receipt-reward')).toHaveText(
    `${paid.reward_points} points (€${(paid.reward_points! / 100).toFixed(2)})Pending until the shop confirms it; its state is on Transactions`,
  );
  await expect(dialog.getByText('Reward earned')).toHaveCount(0);
  await expect(dialog.getByTestId('receipt-number')).toHaveText(`#${paid.id}`);
  await expect(dialog.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expectNoA11yViolations(page, 'receipt of a paid order');

  // ---- an order left on the payment page: listed as awaiting payment ----
  await buyGiftCard(page, '12.50', { finish: 'leave' });
  await page.goto('/#/menu');
  await dialog.getByRole('link', { name: 'Purchases' }).click();
  await expect(page).toHaveURL(/#\/purchases$/);
  const rows = dialog.locator('li.sp-purchases__item');
  await expect(rows).toHaveCount(2);
  const [waiting] = await serverOrders(request, email);
  expect(waiting).toMatchObject({ status: 'pending', amount: 1250 });
  await expect(rows.nth(0)).toContainText('€12.50');
  await expect(rows.nth(0)).toContainText('Awaiting payment');
  await expect(rows.nth(0)).toContainText(`Order #${waiting.id}`);
  await expect(rows.nth(1)).toContainText('€30.00');
  await expect(rows.nth(1)).toContainText('Paid');
  await expectNoA11yViolations(page, 'purchases list');

  // ---- in Dutch: resume goes to a Dutch payment page for the same order; back, then cancel ----
  await page.goto('/#/nl/purchases');
  await expect(rows.nth(0)).toContainText('Wacht op betaling');
  await rows.nth(0).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/nl/purchases/${waiting.id}$`));
  await expect(dialog.getByTestId('receipt-amount')).toHaveText('€\u00a012,50');
  await expect(dialog.getByText('Wacht op betaling', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Verder naar betalen' }).click();
  await page.waitForURL(/\/sandbox\/pay\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByText(`Bestelling #${waiting.id}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Betalen', exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#/nl/purchases/${waiting.id}$`));
  // By keyboard: the button goes away, so focus moves to the changed status, and the outcome is announced.
  await dialog.getByRole('button', { name: 'Bestelling annuleren' }).focus();
  await page.keyboard.press('Enter');
  // Asked once more; confirmed by keyboard.
  const confirm = page.getByRole('dialog', { name: `Bestelling #${waiting.id} annuleren?` });
  await expect(confirm).toContainText('Voor deze bestelling is niets betaald');
  await expectNoA11yViolations(page, 'cancel confirmation (nl)');
  await confirm.getByRole('button', { name: 'Ja, annuleren' }).focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(dialog.getByTestId('receipt-status')).toBeFocused();
  await expect(dialog.getByTestId('receipt-status')).toHaveText('Geannuleerd');
  await expectAnnounced(page, `Bestelling #${waiting.id} is geannuleerd.`);
  await expect(dialog.getByRole('button', { name: 'Verder naar betalen' })).toHaveCount(0);
  expect((await serverOrders(request, email)).map((o) => o.status)).toEqual(['cancelled', 'paid']);
  await dialog.getByRole('button', { name: 'Terug naar aankopen' }).click();
  await expect(rows.nth(0)).toContainText('Geannuleerd');
  await expect(rows.nth(1)).toContainText('Betaald');

  // Seen before, so kept: once the saved list holds the cancelled order, the list opens offline.
  await expect
    .poll(async () => {
      // The saved list query (not the receipt's) must hold the cancelled order.
      const list = (await savedQueries(page)).find((q) => JSON.stringify(q.queryKey) === '["purchases","list"]');
      return JSON.stringify(list?.state.data ?? null).includes('"status":"cancelled"');
    })
    .toBe(true);
  await waitForWorker(page);
  await goOffline(context);
  await page.reload();
  await expect(rows).toHaveCount(2, { timeout: 20_000 });
  await expect(rows.nth(0)).toContainText('Geannuleerd');
  await expect(rows.nth(1)).toContainText('Betaald');
  expect(pageErrors).toEqual([]);
});
