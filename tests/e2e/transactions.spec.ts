// Transactions screen as the (read-only) main demo user: balances, every page reachable, each
// Type's display, the state and the sign (docs/product.md#transactions), day groups, the info modal, a failed load.
import type { Paged, Project, Transaction, User } from '../../server/contract/types';
import { signInInPage } from '../bench/lib/sign-in.mjs';
import { signInFast, test, waitForWorker, expect, expectNoA11yViolations } from './support/fixtures';
import { apiAs } from './support/impact-api';
import { goOffline, goOnline } from './support/network';
import { USERS } from './support/users';

test.use({ timezoneId: 'UTC' });

const EMAIL = USERS.demo;

const TYPE_TEXT: Record<string, string> = {
  signup: 'Ambassador',
  first_purchase_card_linking: 'Ambassador',
  referral: 'Ambassador',
  contribution: 'Contribution',
  first_purchase_affiliate: 'Bonus',
  card_linking: 'Bonus',
  share: 'Bonus',
  donation: 'Impact',
  purchase: 'Purchase',
  refund: 'Return',
};
const STATE_TEXT: Record<string, string> = { Cleared: 'Confirmed', Declined: 'Canceled' };

function day(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

test('transactions: balances, all pages, type display, state and sign', async ({ page, request, pageErrors }) => {
  test.slow(); // eleven pages of history
  const api = await apiAs(request, EMAIL);
  const me = await api.get<User>('/application-users/me');
  const first = await api.get<Paged<Transaction>>('/user-loyalty-transactions?limit=10&offset=0');
  const total = first.metadata.total;
  expect(total).toBeGreaterThan(10);
  const all = await api.get<Paged<Transaction>>(`/user-loyalty-transactions?limit=${total}&offset=0`);

  await signInFast(page, EMAIL);
  await page.goto('/#/transactions');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(dialog.getByTestId('points-earned')).toHaveText(me.loyalty_account.detailed.points_earned.toLocaleString('en-GB'));
  await expect(dialog.getByTestId('points-cleared')).toHaveText(me.loyalty_account.detailed.points_cleared.toLocaleString('en-GB'));

  const rows = dialog.getByTestId('transaction');
  await expect(rows).toHaveCount(10);
  await expect(dialog.getByTestId('transaction-day').first()).toHaveText(day(first.results[0]!.date));
  await expectNoA11yViolations(page, 'transactions');

  // More than the first 10 are reachable.
  const more = dialog.getByRole('button', { name: 'Load more' });
  for (let loaded = 10; loaded < total; loaded = Math.min(total, loaded + 10)) {
    await more.click();
    await expect(rows).toHaveCount(Math.min(total, loaded + 10));
  }
  await expect(more).toHaveCount(0);
  await expect(dialog.getByText(`${total} of ${total} transactions`)).toBeVisible();

  // Compare every row with the API in one read of the DOM.
  const shown = await rows.evaluateAll((els) =>
    els.map((el) => ({
      type: el.getAttribute('data-type'),
      text: el.querySelector('[data-testid="transaction-type"]')?.textContent ?? '',
      points: el.querySelector('[data-testid="transaction-points"]')?.textContent ?? '',
      state: el.querySelector('[data-testid="transaction-state"]')?.textContent ?? null,
      all: el.textContent ?? '',
    })),
  );
  const expected = all.results.map((tx) => {
    const mine = tx.credit_account.user?.id === me.id;
    const points = (mine ? tx.credit_amount.amount : tx.debit_amount.amount).toLocaleString('en-GB');
    const state = tx.external_transaction?.state.name;
    return {
      type: tx.type.name,
      text: TYPE_TEXT[tx.type.name] ?? 'Reward',
      // A canceled reward is not earned (the totals leave it out): struck through and said so.
      points: `${mine ? '−' : '+'}${points} points${state === 'Declined' ? ' not earned' : ''}`,
      // A confirmed reward paid out to the targets reads Paid (its path's last step).
      state: state ? `Status: ${state === 'Cleared' && tx.external_transaction?.paid_at ? 'Paid' : (STATE_TEXT[state] ?? 'Pending')}` : null,
    };
  });
  expect(shown.map(({ all: _all, ...rest }) => rest)).toEqual(expected);
  expect(expected.map((e) => e.state)).toEqual(expect.arrayContaining(['Status: Paid', 'Status: Confirmed', 'Status: Canceled']));
  all.results.forEach((tx, i) => {
    const project = tx.debit_account.project ?? tx.credit_account.project;
    if (tx.type.name === 'donation' && tx.units != null && project) expect(shown[i]!.all).toMatch(new RegExp(`${tx.units} .+ for ${project.name}`));
  });
  const seen = new Set(all.results.map((tx) => tx.type.name));
  // The demo data covers the kinds the screen distinguishes.
  for (const kind of ['purchase', 'refund', 'donation', 'contribution', 'referral']) expect(seen).toContain(kind);

  const canceled = dialog.getByTestId('transaction-state').filter({ hasText: 'Canceled' }).first();
  await expect(canceled).toHaveCSS('color', 'rgb(180, 35, 24)');
  const canceledRow = rows.filter({ hasText: 'Status: Canceled' }).first();
  await expect(canceledRow.getByTestId('transaction-points').locator('s')).toHaveCSS('text-decoration-line', 'line-through');

  await dialog.getByRole('button', { name: 'About your points' }).click();
  const info = page.getByRole('dialog', { name: 'How points work' });
  await expect(info).toContainText('up to 90 days');
  await expectNoA11yViolations(page, 'transactions info');
  await info.getByRole('button', { name: 'OK' }).click();
  await expect(info).toBeHidden();
  expect(pageErrors).toEqual([]);
});

test('transactions: a failed load says so and can be retried', async ({ page, context }) => {
  await signInFast(page, EMAIL);
  let fail = true;
  await context.route('**/user-loyalty-transactions**', (route) =>
    fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal_server_error","error_description":"boom"}' }) : route.continue(),
  );
  await page.goto('/#/transactions');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Failed to load data')).toBeVisible({ timeout: 15_000 });
  fail = false;
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByTestId('transaction')).toHaveCount(10);
});

test('screens with the user\'s points wait for the signed-in user instead of showing none', async ({ page, context, request }) => {
  const api = await apiAs(request, EMAIL);
  const project = (await api.get<Paged<Project>>('/project?limit=1&offset=0')).results[0]!;
  // Signed in with tokens only, as after a sign-in whose user record has not arrived yet (or never did,
  // offline): the record is held back until each screen has been looked at.
  await page.goto('/');
  await signInInPage(page, { email: EMAIL });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await context.route('**/application-users/me', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue().catch(() => {}); // the page that asked may be gone by now
  });
  const dialog = page.getByRole('dialog');
  // Each screen has what it needs besides the user when its title (the sponsor screen: its project) is in.
  const ready: Record<string, () => Promise<unknown>> = {
    '/#/trips': () => expect(dialog.getByRole('heading', { level: 1, name: 'Shopping trips' })).toBeVisible(),
    [`/#/project/${project.id}/sponsor`]: () => page.waitForResponse((r) => r.url().endsWith(`/project/${project.id}`) && r.ok()),
    '/#/transactions': () => expect(dialog.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible(),
  };
  for (const [path, isReady] of Object.entries(ready)) {
    await page.goto('about:blank'); // a new document: the session is read from storage again
    const settled = isReady();
    await page.goto(path);
    await settled;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 200))));
    await expect(dialog.getByRole('status', { name: /Loading/ }), path).toBeVisible();
    await expect(dialog.getByText(/No transactions yet|No shopping trips yet/), path).toHaveCount(0);
    await expect(dialog.getByTestId(/points-earned|available-balance/), path).toHaveCount(0);
  }
  release();
  await expect(dialog.getByTestId('transaction')).toHaveCount(10);
  await expect(dialog.getByTestId('points-earned')).not.toHaveText('0');
});

test('transactions in Dutch', async ({ page }) => {
  await signInFast(page, EMAIL);
  await page.goto('/#/nl/transactions');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Transacties' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Meer laden' })).toBeVisible();
  await expect(dialog.getByTestId('transaction-points').first()).toContainText('punten');

  // At 320 px every row keeps room for its description, a canceled reward's "niet verdiend" too.
  await page.setViewportSize({ width: 320, height: 700 });
  const more = dialog.getByRole('button', { name: 'Meer laden' });
  while (await more.isVisible()) {
    const n = await dialog.getByTestId('transaction').count();
    await more.click();
    await expect(dialog.getByTestId('transaction')).not.toHaveCount(n);
  }
  await expect(dialog.getByText('niet verdiend').first()).toBeVisible();
  const rows = await dialog.locator('.tx-link').evaluateAll((links) =>
    links.map((a) => ({ text: a.textContent, main: a.querySelector('.tx-main')!.getBoundingClientRect().width, overflow: a.scrollWidth - a.clientWidth })),
  );
  expect(rows.filter((r) => r.main < 70 || r.overflow > 0)).toEqual([]);
});

test('a transaction says, offline, when its data was last updated: opened from the list and after an offline start', { tag: '@worker' }, async ({ page, context }) => {
  await signInFast(page, EMAIL);
  await page.goto('/#/transactions');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('transaction')).toHaveCount(10);
  const href = (await dialog.getByTestId('transaction').first().getByRole('link').getAttribute('href'))!;
  // The worker serves the app offline; the list is saved with the query cache (a throttled save).
  await waitForWorker(page);
  await page.waitForTimeout(1500);
  await goOffline(context);
  try {
    const lastUpdated = async () => {
      await expect(dialog.getByRole('heading', { level: 1, name: 'Transaction details' })).toBeVisible();
      await expect(dialog.getByTestId('offline-banner-screen')).toContainText('You are offline');
      await expect(dialog.getByTestId('offline-last-updated')).toHaveText(/^Last updated \d\d:\d\d$/);
    };
    await dialog.getByTestId('transaction').first().getByRole('link').click();
    await lastUpdated();
    // Started offline on the transaction itself: taken from the saved list.
    await page.goto(`/${href}`);
    await page.reload();
    await lastUpdated();
  } finally {
    await goOnline(context);
  }
});
