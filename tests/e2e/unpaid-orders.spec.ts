// An order left on the payment page, on a phone, in each language (a fresh user each, so its orders are
// exactly the ones made here): its Purchases row offers Pay now, which goes back to the sandbox payment
// for the same order and pays it, and Cancel, which cancels it there and then (by keyboard: focus moves
// to the changed status and the outcome is announced). The server agrees each time.
import type { APIRequestContext } from '@playwright/test';
import type { Order, Paged } from '../../server/contract/types';
import { expect, expectNoA11yViolations, signInFast, test } from './support/fixtures';
import { expectAnnounced } from './support/a11y';
import { buyGiftCard } from './support/gift-card';
import { uniqueEmail } from './support/users';

const PASSWORD = 'unpaid-orders-2026';
const API = '/api/v1.0';

test.use({ viewport: { width: 390, height: 844 } });

async function createUser(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('unpaid');
  const visitor = await (await request.post('/oauth/v2/token', { data: { grant_type: 'client_credentials', scope: 'ios' } })).json();
  const res = await request.post(`${API}/application-users`, {
    headers: { Authorization: `Bearer ${visitor.access_token}` },
    data: { first_name: 'Ula', last_name: 'Unpaid', email, password: PASSWORD, password_confirmation: PASSWORD, country_id: 1, currency: 'EUR' },
  });
  expect(res.status()).toBe(201);
  return email;
}

async function serverOrders(request: APIRequestContext, email: string): Promise<Order[]> {
  const t = await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: email, password: PASSWORD, scope: 'ios' } })).json();
  return ((await (await request.get(`${API}/orders/me`, { headers: { Authorization: `Bearer ${t.access_token}` } })).json()) as Paged<Order>).results;
}

const WORDS = {
  en: { waiting: 'Awaiting payment', paid: 'Paid', cancelled: 'Canceled', payNow: 'Pay now', cancel: 'Cancel', payNowFor: (id: number) => `Pay now for order #${id}`, cancelOrder: (id: number) => `Cancel order #${id}`, confirm: (id: number) => `Cancel order #${id}?`, yes: 'Yes, cancel it', no: 'No, keep it', failed: 'That did not work. Please try again later.', done: (id: number) => `Order #${id} is canceled.`, sandboxPay: 'Pay', sandboxOrder: (id: number) => `Order #${id}` },
  nl: { waiting: 'Wacht op betaling', paid: 'Betaald', cancelled: 'Geannuleerd', payNow: 'Nu betalen', cancel: 'Annuleren', payNowFor: (id: number) => `Nu betalen voor bestelling #${id}`, cancelOrder: (id: number) => `Annuleren: bestelling #${id}`, confirm: (id: number) => `Bestelling #${id} annuleren?`, yes: 'Ja, annuleren', no: 'Nee, niet annuleren', failed: 'Dat lukte niet. Probeer het later opnieuw.', done: (id: number) => `Bestelling #${id} is geannuleerd.`, sandboxPay: 'Betalen', sandboxOrder: (id: number) => `Bestelling #${id}` },
} as const;

for (const lang of ['en', 'nl'] as const) {
  const w = WORDS[lang];
  const prefix = lang === 'nl' ? '/nl' : '';

  test(`an order awaiting payment is paid or cancelled from its Purchases row (${lang}, phone)`, async ({ page, request, pageErrors }) => {
    test.setTimeout(120_000);
    const email = await createUser(request);
    await signInFast(page, email, PASSWORD);
    const dialog = page.getByRole('dialog');
    const rows = dialog.locator('li.sp-purchases__item');

    // Two orders left on the payment page.
    await buyGiftCard(page, '12.50', { lang, finish: 'leave' });
    await buyGiftCard(page, '20', { lang, finish: 'leave' });
    const [second, first] = await serverOrders(request, email);
    expect([first.status, second.status]).toEqual(['pending', 'pending']);

    await page.goto(`/#${prefix}/purchases`);
    await expect(rows).toHaveCount(2);
    for (const row of [rows.nth(0), rows.nth(1)]) {
      await expect(row).toContainText(w.waiting);
      await expect(row.getByRole('button', { name: w.payNow })).toBeVisible();
      await expect(row.getByRole('button', { name: w.cancel })).toBeVisible();
    }
    await expectNoA11yViolations(page, `purchases with orders awaiting payment (${lang})`);

    // Cancel the newest by keyboard, on its row.
    const cancelButton = rows.nth(0).getByRole('button', { name: w.cancelOrder(second.id), exact: true });
    await expect(cancelButton).toHaveText(w.cancel);
    await cancelButton.focus();
    await page.keyboard.press('Enter');
    // Asked once more: keeping it changes nothing and focus returns to Cancel; then confirmed.
    const confirm = page.getByRole('dialog', { name: w.confirm(second.id) });
    await confirm.getByRole('button', { name: w.no }).click();
    await expect(confirm).toHaveCount(0);
    await expect(cancelButton).toBeFocused();
    expect((await serverOrders(request, email)).map((o) => o.status)).toEqual(['pending', 'pending']);
    await page.keyboard.press('Enter');
    // A cancel that fails says so inside the dialog (the page under it is inert), which stays open.
    await page.route('**/orders/*/cancel', (route) => route.abort(), { times: 1 });
    await confirm.getByRole('button', { name: w.yes }).click();
    await expect(confirm.getByRole('alert')).toHaveText(w.failed);
    await confirm.getByRole('button', { name: w.yes }).focus();
    await page.keyboard.press('Enter');
    await expect(rows.nth(0).locator('.sp-purchases__status')).toBeFocused();
    await expect(rows.nth(0).locator('.sp-purchases__status')).toHaveText(w.cancelled);
    await expectAnnounced(page, w.done(second.id));
    await expect(rows.nth(0).getByRole('button')).toHaveCount(0);
    expect((await serverOrders(request, email)).map((o) => o.status)).toEqual(['cancelled', 'pending']);

    // Pay now on the other: back to the sandbox payment of that same order, in the app's language.
    const payNow = rows.nth(1).getByRole('button', { name: w.payNowFor(first.id), exact: true });
    await expect(payNow).toHaveText(w.payNow);
    await payNow.click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByText(w.sandboxOrder(first.id), { exact: true })).toBeVisible();
    await page.getByRole('button', { name: w.sandboxPay, exact: true }).click();
    await page.waitForURL(new RegExp(`#${prefix}/wallet\\?orderId=${first.id}`));
    await expect(dialog.locator('.sp-wallet__ok')).toBeVisible({ timeout: 20_000 });
    expect((await serverOrders(request, email)).map((o) => o.status)).toEqual(['cancelled', 'paid']);

    await page.goto(`/#${prefix}/purchases`);
    await expect(rows.nth(0).locator('.sp-purchases__status')).toHaveText(w.cancelled);
    await expect(rows.nth(1).locator('.sp-purchases__status')).toHaveText(w.paid);
    await expect(dialog.getByRole('button', { name: w.payNow })).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });
}
