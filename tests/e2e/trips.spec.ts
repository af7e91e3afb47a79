// Rewards people can follow, as one journey of a demo user with seeded trips: a pending reward's
// ladder and expected date (and a canceled one opened by id), the totals, a SHOP tap recorded and
// listed, a missing reward reported offline and sent once when back online, then the same in Dutch.
import type { Paged, ShoppingTrip, Transaction, User } from '../../server/contract/types';
import { expect, expectNoA11yViolations, signInFast, test, waitForWorker } from './support/fixtures';
import { apiAs } from './support/impact-api';
import { goOffline, goOnline } from './support/network';
import { tapShopRecorded } from './support/shop-tap';
import { USERS } from './support/users';

test.use({ timezoneId: 'UTC' });

const EMAIL = USERS.trips;
const day = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};

test("trips, a reported missing reward and a reward's path", { tag: '@worker' }, async ({ page, context, request, pageErrors }) => {
  // Four steps in one journey (a reward's path, a SHOP tap, an offline claim, Dutch): 55 s on a quiet
  // 2-core CI machine, against the 60 s default.
  test.setTimeout(120_000);
  const api = await apiAs(request, EMAIL);
  const me = await api.get<User>('/application-users/me');
  const firstPage = await api.get<Paged<Transaction>>('/user-loyalty-transactions?limit=10&offset=0');
  const pendingIndex = firstPage.results.findIndex((x) => x.external_transaction?.state.name === 'Pending' && x.debit_account.user?.id === me.id);
  expect(pendingIndex).toBeGreaterThanOrEqual(0);
  const pending = firstPage.results[pendingIndex]!;
  const all = await api.get<Paged<Transaction>>('/user-loyalty-transactions?limit=1000&offset=0');
  const canceled = all.results.find((x) => x.external_transaction?.state.name === 'Declined')!;
  const trips = await api.get<Paged<ShoppingTrip>>('/shopping-trips?limit=100');
  const open = trips.results.find((x) => x.transaction_id === null && x.claim === null && Date.now() - Date.parse(x.created_at) > 7 * 86_400_000)!;
  expect(open).toBeTruthy();

  await signInFast(page, EMAIL);
  const dialog = page.getByRole('dialog');

  await test.step('totals, and a pending reward: its ladder and the date it should be confirmed by', async () => {
    await page.goto('/#/transactions');
    const { points_earned, points_cleared } = me.loyalty_account.detailed;
    await expect(dialog.getByTestId('points-pending')).toHaveText((points_earned - points_cleared).toLocaleString('en-GB'));
    await expect(dialog.getByTestId('points-cleared')).toHaveText(points_cleared.toLocaleString('en-GB'));
    await dialog.getByTestId('transaction').nth(pendingIndex).getByRole('link').click();
    await expect(dialog.getByRole('heading', { level: 1, name: 'Transaction details' })).toBeVisible();
    const ladder = dialog.getByRole('list', { name: 'Steps of this reward' });
    await expect(ladder.getByRole('listitem')).toHaveText([/^✓TrackedReached on \d\d\/\d\d\/\d{4}$/, /^✓Pending \(current step\)Reached on \d\d\/\d\d\/\d{4}$/, 'ConfirmedNot yet', 'Paid to your targetsNot yet']);
    await expect(ladder.locator('[aria-current="step"]')).toHaveAttribute('data-step', 'pending');
    const expected = new Date(Date.parse(pending.date) + 90 * 86_400_000).toISOString();
    await expect(dialog.getByTestId('expected-by')).toHaveText(`Expected to confirm by ${day(expected)}`);
    await expectNoA11yViolations(page, 'transaction detail');

    await page.goto(`/#/transactions/${canceled.id}`);
    const steps = dialog.getByRole('list', { name: 'Steps of this reward' }).getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.last()).toHaveAttribute('aria-current', 'step');
    await expect(steps.last()).toContainText(/^✕Canceled \(current step\)Reached on \d\d\/\d\d\/\d{4}(The order was returned|The order was canceled|The purchase did not qualify|This purchase was already rewarded)/);
    await expect(steps.last().locator('.ladder-label')).toHaveCSS('color', 'rgb(180, 35, 24)');
    // Shown as in the list: the points are struck through and said not to be earned.
    await expect(dialog.getByTestId('detail-points')).toHaveText(/^\+[\d,]+ points not earned$/);
    await expect(dialog.getByTestId('detail-points').locator('s')).toHaveCSS('text-decoration-line', 'line-through');
  });

  await test.step('a SHOP tap is recorded by the server and listed first', async () => {
    await context.route(/^https:\/\/[^/]*\.example\/.*/, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Shop</title>' }));
    await page.goto('/#/corporate/1');
    await tapShopRecorded(page, context);
    await page.goto('/#/transactions');
    await dialog.getByRole('link', { name: 'Shopping trips' }).click();
    await expect(dialog.getByRole('heading', { level: 1, name: 'Shopping trips' })).toBeVisible();
    await expect(dialog.getByText('Purchases appear within about an hour; card-linked purchases within minutes.')).toBeVisible();
    const first = dialog.getByTestId('trip').first();
    await expect(first.getByRole('heading', { level: 3 })).toHaveText('Groenhuis');
    await expect(first).toContainText('Purchases appear within about an hour.');
    await expectNoA11yViolations(page, 'shopping trips');
  });

  await test.step('a missing reward reported offline is sent once when back online', async () => {
    await waitForWorker(page);
    const sent: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith(`/shopping-trips/${open.id}/claim`) && r.request().method() === 'POST') sent.push(r.status());
    });
    const trip = dialog.locator(`[data-trip-id="${open.id}"]`);
    await trip.getByRole('button', { name: 'Report a missing reward' }).click();
    const form = page.getByRole('dialog', { name: 'Report a missing reward' });
    await expect(form.getByLabel('Date of purchase')).toHaveValue(open.created_at.slice(0, 10));
    await expectNoA11yViolations(page, 'claim form');

    await goOffline(context);
    // A wrong field says so itself, and gets the focus; the form has no message of its own.
    await form.getByLabel('Amount paid (€)').fill('54,999');
    await form.getByRole('button', { name: 'Send report' }).click();
    const orderNumber = form.getByLabel('Order number');
    await expect(orderNumber).toBeFocused();
    await expect(orderNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(orderNumber).toHaveAccessibleDescription(/Enter the order number\./);
    await expect(form.getByLabel('Amount paid (€)')).toHaveAccessibleDescription('Use at most two decimals for the amount.');
    await expect(form.getByLabel('Date of purchase')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expectNoA11yViolations(page, 'claim form with wrong fields');
    await form.getByLabel('Amount paid (€)').fill('54,90');
    await orderNumber.fill('ORD-77812');
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(page.locator('.toast')).toHaveText('You are offline: your report is saved and will be sent when you are back online.');
    await expect(form).toHaveCount(0);
    await expect(dialog.getByRole('heading', { level: 1, name: 'Shopping trips' })).toBeVisible();
    await expect(trip.getByTestId('claim-queued')).toBeVisible();
    // The Report button is gone: focus is on the new claim and its status, not the screen's title.
    await expect(trip.getByTestId('trip-claim')).toBeFocused();
    expect(sent).toEqual([]);

    await goOnline(context);
    const ladder = trip.getByRole('list', { name: 'Steps of this report' });
    await expect(ladder.locator('[aria-current="step"]')).toHaveAttribute('data-step', 'submitted');
    await expect(trip).toContainText('order ORD-77812, €54.90');
    expect(sent).toEqual([201]);
    const stored = await api.get<ShoppingTrip>(`/shopping-trips/${open.id}`);
    expect(stored.claim).toMatchObject({ status: 'submitted', order_number: 'ORD-77812', amount: { amount: 5490 } });
  });

  await test.step('in Dutch', async () => {
    await page.goto(`/#/nl/transactions/${pending.id}`);
    await expect(dialog.getByRole('heading', { level: 1, name: 'Details van de transactie' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Stappen van deze beloning' }).locator('[aria-current="step"]')).toContainText('In behandeling (huidige stap)');
    await expect(dialog.getByTestId('expected-by')).toContainText('Naar verwachting bevestigd vóór');
    await page.goto('/#/nl/trips');
    await expect(dialog.locator(`[data-trip-id="${open.id}"]`)).toContainText('Ingediend');
  });
  expect(pageErrors).toEqual([]);
});
