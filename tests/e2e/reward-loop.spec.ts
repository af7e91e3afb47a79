// Issue 25, the reward loop end to end: a new user taps SHOP on a demo brand, orders in the demo
// partner shop (a popup on this server), and watches the reward travel Pending → Confirmed → Paid in
// Transactions and on the trip, with the savings figure growing by it; in English and in Dutch.
// And a claim the operator approves (or rejects with a reason) shows its new status; and (issue 33.6)
// a trip is never credited with a reward that did not come from it.
import type { APIRequestContext, Page } from '@playwright/test';
import type { OperatorClaim, Paged, ShoppingTrip, Transaction, User } from '../../server/contract/types';
import { expect, expectNoA11yViolations, signInFast, test } from './support/fixtures';
import { apiAs, eur } from './support/impact-api';
import { operatorApi } from './support/operator';
import { buyGiftCard } from './support/gift-card';
import { tapShopRecorded } from './support/shop-tap';
import { uniqueEmail, USERS } from './support/users';

const PASSWORD = 'reward-loop-2026';
/** A demo brand (seed: on the network "demo", earning a percentage). */
const DEMO_BRAND = 4;

async function newUser(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('loop');
  const visitor = await (await request.post('/oauth/v2/token', { data: { grant_type: 'client_credentials', scope: 'ios' } })).json();
  const res = await request.post('/api/v1.0/application-users', {
    headers: { Authorization: `Bearer ${visitor.access_token}` },
    data: { first_name: 'Lou', last_name: 'Loop', email, password: PASSWORD, password_confirmation: PASSWORD, country_id: 1, currency: 'EUR' },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** What the window regaining focus does: the reward queries are fetched again. */
const refocus = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));

const WORDS = {
  en: { pending: 'Pending', tripPending: 'Your reward is pending', tripPaid: 'Your reward was paid to your targets.', confirmed: 'Confirmed', paid: 'Paid to your targets', ladder: 'Steps of this reward' },
  nl: { pending: 'In behandeling', tripPending: 'Je beloning is in behandeling', tripPaid: 'Je beloning is uitbetaald aan je doelen.', confirmed: 'Bevestigd', paid: 'Uitbetaald aan je doelen', ladder: 'Stappen van deze beloning' },
} as const;

for (const lang of ['en', 'nl'] as const) {
  test(`a new user's purchase in the demo shop travels to Paid (${lang})`, async ({ page, context, request, pageErrors }) => {
    test.setTimeout(120_000);
    const p = lang === 'nl' ? '/nl' : '';
    const w = WORDS[lang];
    const email = await newUser(request);
    const api = await apiAs(request, email, PASSWORD);
    await signInFast(page, email, PASSWORD);
    const dialog = page.getByRole('dialog');

    await page.goto(`/#${p}/my-impact`);
    const savingsBefore = (await api.get<{ total: number }>('/user-saving')).total;
    await expect(dialog.getByTestId('savings-total')).toHaveText(eur(savingsBefore, lang));

    const shop = await test.step('SHOP opens the demo shop with the click reference; the trip records it', async () => {
      await page.goto(`/#${p}/corporate/${DEMO_BRAND}`);
      const recorded = page.waitForResponse((r) => r.url().endsWith('/shopping-trips') && r.request().method() === 'POST');
      const popup = context.waitForEvent('page');
      await dialog.getByRole('button', { name: 'SHOP' }).click();
      const shop = await popup;
      expect((await recorded).status()).toBe(201);
      await shop.waitForLoadState();
      const ref = new URL(shop.url()).searchParams.get('clickref');
      expect(shop.url()).toMatch(new RegExp(`/sandbox/partner-shop/${DEMO_BRAND}\\?ref=socialpay&clickref=[0-9a-f]{32}$`));
      const trips = await api.get<Paged<ShoppingTrip>>('/shopping-trips');
      expect(trips.results[0]).toMatchObject({ click_ref: ref, transaction_id: null, corporate_partner: { id: DEMO_BRAND } });
      return shop;
    });

    const trip = await test.step('an order placed in the shop shows Pending in Transactions and on the trip', async () => {
      await shop.locator('#order-amount').fill('59.95');
      await shop.locator('button[type="submit"]').click();
      await expect(shop.getByTestId('order-status')).toHaveText(/Pending|In behandeling/);
      const trip = (await api.get<Paged<ShoppingTrip>>('/shopping-trips')).results[0];
      expect(trip.reward_state).toBe('pending');

      await page.bringToFront();
      await page.goto(`/#${p}/transactions`);
      const row = dialog.locator('[data-testid="transaction"][data-type="purchase"]');
      await expect(row.getByTestId('transaction-state')).toContainText(w.pending);
      await page.goto(`/#${p}/trips`);
      await expect(dialog.locator(`[data-trip-id="${trip.id}"]`).getByTestId('trip-reward-step')).toContainText(w.tripPending);
      await expectNoA11yViolations(page, 'trip with a pending reward');
      return trip;
    });

    await test.step('approved in the shop: the reward is Confirmed, then the payout job pays it', async () => {
      await shop.bringToFront();
      await shop.locator('form[action*="/approved"] button').click();
      await expect(shop.getByTestId('order-status')).toHaveText(/Approved|Goedgekeurd/);
      await shop.close();
      await page.bringToFront();
      await page.goto(`/#${p}/transactions/${trip.transaction_id ?? (await api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).transaction_id}`);
      const ladder = dialog.getByRole('list', { name: w.ladder });
      // Confirmed is reached (the payout may already have followed: then Paid is the current step).
      await expect(ladder.locator('[data-step="confirmed"]')).toContainText(w.confirmed);
      await expect(async () => {
        await refocus(page);
        await expect(ladder.locator('[aria-current="step"]')).toHaveAttribute('data-step', 'paid', { timeout: 1500 });
      }).toPass({ timeout: 20_000 });
      await expect(ladder.locator('[data-step="confirmed"]')).not.toContainText(lang === 'nl' ? 'Nog niet' : 'Not yet');
      await expect(ladder.locator('[data-step="paid"]')).toContainText(w.paid);
      await page.goto(`/#${p}/trips`);
      await refocus(page); // the trips seen a moment ago are fetched again when the app regains focus
      await expect(dialog.locator(`[data-trip-id="${trip.id}"]`).getByTestId('trip-reward-step')).toHaveText(w.tripPaid);
    });

    await test.step('the savings figure grew by the reward', async () => {
      const id = (await api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).transaction_id!;
      const reward = await api.get<Transaction>(`/user-loyalty-transactions/${id}`);
      expect(reward.debit_amount.amount).toBeGreaterThan(0);
      await page.goto(`/#${p}/my-impact`);
      await expect(dialog.getByTestId('savings-total')).toHaveText(eur(savingsBefore + reward.debit_amount.amount, lang));
    });
    expect(pageErrors).toEqual([]);
  });
}

test('claims the operator decides show their new status and reason, in both languages', async ({ page, request, pageErrors }) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, USERS.rewardLoop);
  const me = await api.get<User>('/application-users/me');
  const op = operatorApi(request);
  const open = (await op.get<Paged<OperatorClaim>>('/claims?limit=200')).results.filter((c) => c.user_id === me.id);
  const submitted = open.find((c) => c.status === 'submitted')!;
  const reviewing = open.find((c) => c.status === 'reviewing')!;
  expect(submitted && reviewing).toBeTruthy();
  const approved = await op.post<OperatorClaim>(`/claims/${submitted.id}/approve`, { points: 275 });
  expect(approved.status).toBe('approved');
  await op.post(`/claims/${reviewing.id}/reject`, { reason: 'SP-99: not found at the shop' });

  await signInFast(page, USERS.rewardLoop);
  const dialog = page.getByRole('dialog');
  for (const lang of ['en', 'nl'] as const) {
    await page.goto(`/#${lang === 'nl' ? '/nl' : ''}/trips`);
    await expect(dialog.getByTestId('trip').first()).toBeVisible({ timeout: 30_000 });
    const yes = dialog.locator(`[data-trip-id="${submitted.trip_id}"]`);
    await expect(yes.getByRole('list', { name: lang === 'nl' ? 'Stappen van deze melding' : 'Steps of this report' }).locator('[aria-current="step"]')).toContainText(
      lang === 'nl' ? 'Goedgekeurd' : 'Approved',
    );
    await expect(yes.getByTestId('trip-reward-step')).toHaveText(WORDS[lang].tripPending + (lang === 'nl' ? ': de winkel moet de aankoop nog bevestigen.' : ': the shop still has to confirm the purchase.'));
    const no = dialog.locator(`[data-trip-id="${reviewing.trip_id}"]`);
    await expect(no.getByTestId('claim-ladder').locator('[aria-current="step"]')).toContainText(lang === 'nl' ? 'Afgewezen' : 'Rejected');
    await expect(no.getByTestId('claim-reason')).toHaveText(`${lang === 'nl' ? 'Reden' : 'Reason'}: SP-99: not found at the shop`);
  }
  await expectNoA11yViolations(page, 'decided claims');
  // The rejection's message in the inbox opens the list at that trip, focused and in view.
  await page.goto('/#/inbox');
  await dialog.getByRole('button', { name: /Claim rejected/ }).first().click();
  const rejected = dialog.locator(`[data-trip-id="${reviewing.trip_id}"]`);
  await expect(rejected).toBeFocused();
  await expect(rejected).toBeInViewport();
  // The address drops '?trip' once it is shown (Back to the list returns to where it was left); focus stays.
  await expect(page).toHaveURL(/#\/trips$/);
  await expect(rejected).toBeFocused();
  expect(pageErrors).toEqual([]);
});

test("a message about a trip older than the latest 100 opens that trip, listed after them", async ({ page, request, pageErrors }) => {
  test.setTimeout(90_000);
  const email = await newUser(request);
  const api = await apiAs(request, email, PASSWORD);
  const trip = (n: number) => api.post('/shopping-trips', { corporate_partner_id: DEMO_BRAND, idempotency_key: `older-trip-${n}` });
  expect(await trip(0)).toBe(201);
  const oldest = (await api.get<Paged<ShoppingTrip>>('/shopping-trips?limit=1')).results[0];
  for (let n = 1; n <= 100; n += 20) expect(await Promise.all(Array.from({ length: 20 }, (_, i) => trip(n + i)))).toEqual(Array(20).fill(201));
  await signInFast(page, email, PASSWORD);
  await page.goto(`/#/trips?trip=${oldest.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Showing your latest 100 trips.')).toBeVisible();
  const item = dialog.locator(`[data-trip-id="${oldest.id}"]`);
  await expect(item).toBeFocused();
  await expect(item).toBeInViewport();
  await expect(dialog.locator('[data-trip-id]').last()).toHaveAttribute('data-trip-id', String(oldest.id));
  await expect(page).toHaveURL(/#\/trips$/);
  await expect(item).toBeFocused();
  expect(pageErrors).toEqual([]);
});

test('issue 33.6: a trip whose shop never loaded is not credited with a later gift-card purchase of the brand', async ({ page, context, request, pageErrors }) => {
  test.setTimeout(120_000);
  const email = await newUser(request);
  const api = await apiAs(request, email, PASSWORD);
  // The shop never loads.
  await context.route(/^https:\/\/groenhuis\.example\/.*/, (route) => route.abort());
  await signInFast(page, email, PASSWORD);
  const dialog = page.getByRole('dialog');
  await page.goto('/#/corporate/1');
  await tapShopRecorded(page, context);
  const trip = (await api.get<Paged<ShoppingTrip>>('/shopping-trips')).results[0];

  await buyGiftCard(page, '25', { brandId: 1 });
  const txs = await api.get<Paged<Transaction>>('/user-loyalty-transactions?limit=20');
  expect(txs.results.some((x) => x.external_transaction?.corporate_partner?.name === trip.corporate_partner.name), 'the gift card earned a reward of the brand').toBe(true);

  for (const lang of ['en', 'nl'] as const) {
    await page.goto(`/#${lang === 'nl' ? '/nl' : ''}/trips`);
    const item = dialog.locator(`[data-trip-id="${trip.id}"]`);
    await expect(item).toContainText(lang === 'nl' ? 'Aankopen verschijnen binnen ongeveer een uur.' : 'Purchases appear within about an hour.');
    await expect(item.getByRole('link', { name: lang === 'nl' ? 'Beloning bekijken' : 'View reward' })).toHaveCount(0);
  }
  expect((await api.get<ShoppingTrip>(`/shopping-trips/${trip.id}`)).transaction_id).toBeNull();
  expect(pageErrors).toEqual([]);
});
