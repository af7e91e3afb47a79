// Wallet balance and lifecycle (demo9): buy a card, show it at the till offline, record a spend offline, reload offline (still
// pending, balance shown), back online → the server's balance and history hold the spend exactly
// once. Expiry, ordering, search, Used cards, both languages, axe; and the app against a server
// without these additions (the actions hide).
import type { APIRequestContext } from '@playwright/test';
import type { BalanceEvent, Paged, WalletItem } from '../../server/contract/types';
import { decodePng, ZXING_FORMAT } from './support/decode-barcode';
import { signInFast, test, waitForWorker, expect, expectNoA11yViolations } from './support/fixtures';
import { expectAnnounced } from './support/a11y';
import { buyGiftCard } from './support/gift-card';
import { goOffline, goOnline } from './support/network';
import { DEMO_PASSWORD, userEmail } from './support/users';

const EMAIL = userEmail('walletBalance');
const API = '/api/v1.0';

async function headers(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: EMAIL, password: DEMO_PASSWORD, scope: 'ios' } });
  expect(res.ok()).toBe(true);
  return { Authorization: `Bearer ${(await res.json()).access_token}` };
}

async function serverWallet(request: APIRequestContext): Promise<WalletItem[]> {
  return (await request.get(`${API}/wallet/me`, { headers: await headers(request) })).json();
}

async function serverHistory(request: APIRequestContext, id: number): Promise<BalanceEvent[]> {
  return ((await (await request.get(`${API}/wallet/${id}/balance-events`, { headers: await headers(request) })).json()) as Paged<BalanceEvent>).results;
}

const isBalancePost = (method: string, url: string) => method === 'POST' && /\/api\/v1(\.0)?\/wallet\/\d+\/balance-events$/.test(new URL(url).pathname);

test('buy → open → offline spend → offline reload (pending) → online: the server holds it exactly once', { tag: '@worker' }, async ({ page, context, request, pageErrors }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, EMAIL);
  const before = new Set((await serverWallet(request)).map((c) => c.id));
  await buyGiftCard(page, '30');
  const bought = (await serverWallet(request)).find((c) => !before.has(c.id))!;
  expect(bought).toMatchObject({ amount: 3000, used_at: null, balance_updated_at: null });

  // Open it from the list.
  const dialog = page.getByRole('dialog');
  await dialog.locator('.sp-wallet__card', { hasText: '€30.00' }).first().click();
  await expect(page).toHaveURL(new RegExp(`#/wallet/${bought.id}$`));
  const balance = dialog.getByTestId('card-balance');
  await expect(balance).toHaveText('€30.00');
  await expect(dialog.getByText(/^Valid until \d+ \w+ \d{4}$/)).toBeVisible();
  await expect(dialog.getByText('No balance changes yet.')).toBeVisible();
  await page.waitForTimeout(1500); // the query cache save is throttled
  await expectNoA11yViolations(page, 'wallet card with balance actions');

  const posts: string[] = [];
  context.on('request', (r) => {
    if (isBalancePost(r.method(), r.url())) posts.push(r.postData() ?? '');
  });

  // ---- offline at the till: the card shows alone, full screen, and scans back to its value ----
  await goOffline(context);
  await dialog.getByRole('button', { name: 'Show at the till', exact: true }).click();
  const till = page.getByRole('dialog', { name: 'Code for the till' });
  const code = till.getByRole('img');
  await expect(code).toBeVisible();
  await expect.poll(() => code.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  expect(await decodePng(await code.screenshot())).toEqual([{ format: ZXING_FORMAT[bought.barcode_format], text: bought.barcode_value }]);
  await page.keyboard.press('Escape');
  await expect(till).toHaveCount(0);

  // ---- still offline: bad amounts are refused with a message, then a real spend ----
  // Escape in the form closes the form only, not the card screen; its button has focus again.
  await dialog.getByRole('button', { name: 'Record a spend' }).click();
  await dialog.getByLabel('Amount spent').fill('3');
  await page.keyboard.press('Escape');
  await expect(dialog.getByLabel('Amount spent')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Record a spend' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Record a spend' }).click();
  const amount = dialog.getByLabel('Amount spent');
  await expect(amount).toBeFocused();
  for (const [typed, message] of [
    ['abc', 'Enter an amount in euros, for example 12.50.'],
    ['-3', 'The amount cannot be negative.'],
    ['0', 'A spend must be more than €0.00.'],
    ['1.234', 'Use at most two decimals (cents).'],
    ['30.01', 'That is more than the balance of €30.00.'],
  ]) {
    await amount.fill(typed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(message);
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
  }
  await expectNoA11yViolations(page, 'spend form with an error');
  await amount.fill('7,5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Spend of €7.50 recorded. It will sync when you are back online.' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Record a spend' })).toBeFocused();
  await expect(balance).toHaveText(/^€22\.50\s*Waiting to sync$/);
  const pendingRow = dialog.locator('tr[data-pending]');
  await expect(pendingRow).toHaveCount(1);
  await expect(pendingRow).toContainText('-€7.50');
  await expect(pendingRow).toContainText('€22.50');
  expect(posts).toEqual([]);

  // ---- reload while still offline: still pending, the balance still shown ----
  await page.reload();
  await expect(balance).toHaveText(/^€22\.50\s*Waiting to sync$/, { timeout: 20_000 });
  await expect(dialog.locator('tr[data-pending]')).toHaveCount(1);
  // The screen's own offline bar (the page's sits under the screen, inert).
  await expect(dialog.getByTestId('offline-banner-screen')).toContainText('1 change will sync when you are back online.');
  expect(posts).toEqual([]);
  await expectNoA11yViolations(page, 'offline card with a pending spend');

  // ---- back online: sent once, the screen shows the server's state ----
  await goOnline(context);
  await expect(balance).toHaveText('€22.50', { timeout: 30_000 });
  await expect(dialog.locator('tr[data-pending]')).toHaveCount(0);
  await expect(dialog.locator('tbody tr')).toHaveCount(1);
  await expect(dialog.locator('tbody tr')).toContainText('-€7.50');
  const card = (await serverWallet(request)).find((c) => c.id === bought.id)!;
  expect(card.amount).toBe(2250);
  const history = await serverHistory(request, bought.id);
  expect(history).toHaveLength(1);
  expect(history[0]).toMatchObject({ type: 'spend', change: -750, balance: 2250 });
  expect(posts).toHaveLength(1);
  expect(JSON.parse(posts[0])).toMatchObject({ type: 'spend', amount: 7.5, event_id: history[0].event_id });
  // A later reload sends nothing again.
  await page.waitForTimeout(1500); // the query cache save is throttled
  await page.reload();
  await expect(balance).toHaveText('€22.50', { timeout: 20_000 });
  await page.waitForTimeout(1000);
  expect(posts).toHaveLength(1);
  expect(await serverHistory(request, bought.id)).toHaveLength(1);

  // ---- two devices: a spend made offline here, while another device spends on the same card ----
  await goOffline(context);
  await dialog.getByRole('button', { name: 'Record a spend' }).click();
  await dialog.getByLabel('Amount spent').fill('20');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(balance).toHaveText(/^€2\.50\s*Waiting to sync$/);
  const offlineNote = dialog.getByRole('status').filter({ hasText: 'Spend of €20.00 recorded. It will sync when you are back online.' });
  await expect(offlineNote).toBeVisible();
  const other = await request.post(`${API}/wallet/${bought.id}/balance-events`, {
    headers: await headers(request),
    data: { event_id: `other-device-${Date.now()}`, type: 'spend', amount: 10 },
  });
  expect(other.status()).toBe(201);
  await goOnline(context);
  // The server refuses the spend that no longer fits; the user is told, and the card shows what is left.
  const refused = /^The spend of €20\.00 on your .+ card was not recorded\. It is more than what is left on the card/;
  await expect(page.locator('.toast').filter({ hasText: refused })).toBeVisible({ timeout: 30_000 });
  await expectAnnounced(page, refused, 'assertive');
  await expect(balance).toHaveText('€12.50', { timeout: 20_000 });
  // The line that promised the sync is gone with the refused change.
  await expect(offlineNote).toHaveCount(0);
  const final = await serverHistory(request, bought.id);
  expect(final.map((e) => [e.change, e.balance])).toEqual([[-1000, 1250], [-750, 2250]]);

  // Online too: a spend the server refuses (another device spent meanwhile) does not stay "recorded".
  const meanwhile = await request.post(`${API}/wallet/${bought.id}/balance-events`, {
    headers: await headers(request),
    data: { event_id: `other-device-2-${Date.now()}`, type: 'spend', amount: 10 },
  });
  expect(meanwhile.status()).toBe(201);
  await dialog.getByRole('button', { name: 'Record a spend' }).click();
  await dialog.getByLabel('Amount spent').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').filter({ hasText: /^The spend of €5\.00 on your .+ card was not recorded\./ })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('status').filter({ hasText: 'Spend of €5.00 recorded.' })).toHaveCount(0);
  await expect(balance).toHaveText('€2.50', { timeout: 20_000 });
  // Dutch writes a change the Dutch way: the sign after the euro sign.
  await page.goto(`/#/nl/wallet/${bought.id}`);
  await expect(dialog.locator('tbody tr').filter({ hasText: '€\u00a0-10,00' }).last()).toContainText('€\u00a012,50');
  await expect(dialog.locator('tbody tr').filter({ hasText: '€\u00a0-7,50' })).toContainText('€\u00a022,50');
  expect(pageErrors).toEqual([]);
});

test('correcting to €0.00 moves a card to Used cards by itself; Mark as used (offline too) and Restore; in Dutch too', { tag: '@worker' }, async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await signInFast(page, EMAIL);
  const h = await headers(request);
  // The seeded card with a balance history: make sure it starts in use, with €40 on it.
  let seeded: WalletItem | undefined;
  for (const c of await serverWallet(request)) {
    if ((await serverHistory(request, c.id)).some((e) => e.event_id.startsWith('seed-spend-'))) seeded = c;
  }
  if (!seeded) throw new Error('no seeded card with a history');
  await request.delete(`${API}/wallet/${seeded.id}/used`, { headers: h });
  await request.post(`${API}/wallet/${seeded.id}/balance-events`, { headers: h, data: { event_id: `e2e-reset-${Date.now()}`, type: 'correction', balance: 40 } });
  const name = seeded.corporate_partner.name;

  await page.goto(`/#/wallet/${seeded.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('card-balance')).toHaveText('€40.00', { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Correct balance' }).click();
  await dialog.getByLabel('New balance').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('card-balance')).toHaveText('€0.00', { timeout: 20_000 });
  await expect(dialog.getByText('This card is in Used cards.')).toBeVisible();
  await expect.poll(async () => (await serverWallet(request)).find((c) => c.id === seeded.id)!.used_at).not.toBeNull();

  // The wallet: not among the cards in use; in the folded Used cards section, restorable.
  await page.goto('/#/wallet');
  const used = dialog.locator('details.sp-wallet__used');
  await expect(used).toBeVisible({ timeout: 20_000 });
  await expect(used).not.toHaveAttribute('open');
  const inUse = dialog.locator('ul.sp-wallet__list').first().locator(':scope > li');
  await expect(inUse.filter({ hasText: name })).toHaveCount(0);
  await used.locator('summary').click();
  await expect(used.getByRole('button', { name: `Restore ${name}` })).toBeVisible();
  await expectNoA11yViolations(page, 'wallet with used cards open');
  await used.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(inUse.filter({ hasText: name })).toHaveCount(1);
  await expect.poll(async () => (await serverWallet(request)).find((c) => c.id === seeded.id)!.used_at).toBeNull();

  // Mark as used from the card, in Dutch.
  await page.goto(`/#/nl/wallet/${seeded.id}`);
  await expect(dialog.getByRole('button', { name: 'Besteding vastleggen' })).toBeDisabled({ timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: 'Saldo corrigeren' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Saldogeschiedenis' })).toBeVisible();
  await expectNoA11yViolations(page, 'wallet card (nl)');
  // Offline: the mark shows at once and reaches the server when the network is back.
  await goOffline(context);
  await dialog.getByRole('button', { name: 'Markeren als gebruikt' }).click();
  await expect(dialog.getByText('Deze kaart staat bij Gebruikte kaarten.')).toBeVisible();
  await expect(dialog.getByTestId('offline-banner-screen')).toContainText('1 wijziging');
  expect((await serverWallet(request)).find((c) => c.id === seeded.id)!.used_at).toBeNull();
  await goOnline(context);
  await expect.poll(async () => (await serverWallet(request)).find((c) => c.id === seeded.id)!.used_at, { timeout: 20_000 }).not.toBeNull();
  await dialog.getByRole('button', { name: 'Kaart terugzetten' }).click();
  await expect.poll(async () => (await serverWallet(request)).find((c) => c.id === seeded.id)!.used_at).toBeNull();
});

test('expiry shows, primary first then soonest expiry, search beyond six cards', async ({ page, request }) => {
  await signInFast(page, EMAIL);
  const cards = await serverWallet(request);
  expect(cards.length).toBeGreaterThan(6);
  await page.goto('/#/wallet');
  const dialog = page.getByRole('dialog');
  const rows = dialog.locator('ul.sp-wallet__list').first().locator(':scope > li');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  await expect(dialog.locator('[data-expiry="soon"]').first()).toHaveText(/^Expires in \d+ days?$/);
  await expect(dialog.locator('[data-expiry="expired"]').first()).toHaveText(/^Expired on /);
  // The warning colour differs from the plain one.
  const colour = (sel: string) => dialog.locator(sel).first().evaluate((el) => getComputedStyle(el).color);
  expect(await colour('[data-expiry="soon"]')).not.toBe(await colour('[data-expiry="later"]'));

  // Order: primary partners first; within each group the soonest expiry first, then no expiry, expired last.
  const inUse = cards.filter((c) => c.used_at === null);
  const today = new Date().toISOString().slice(0, 10);
  const rank = (c: WalletItem) => (c.expiry_date == null ? '8' : c.expiry_date < today ? '9' : `0${c.expiry_date}`);
  const expected = inUse
    .map((c, i) => ({ c, i }))
    .sort((a, b) => Number(b.c.corporate_partner.is_primary) - Number(a.c.corporate_partner.is_primary) || rank(a.c).localeCompare(rank(b.c)) || a.i - b.i)
    .map(({ c }) => String(c.id));
  expect(await rows.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-card-id')))).toEqual(expected);

  // Search by brand and by card number (with or without spaces).
  const search = dialog.getByLabel('Search by brand or card number');
  const target = inUse.find((c) => !c.corporate_partner.is_primary)!;
  await search.fill(target.corporate_partner.name.slice(0, 5));
  await expect(rows.filter({ hasText: target.corporate_partner.name }).first()).toBeVisible();
  await search.fill(target.card_number.replace(/\s+/g, '').slice(-6));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(target.corporate_partner.name);
  await expect(dialog.getByRole('status').filter({ hasText: '1 card found.' })).toBeAttached();
  await search.fill('zzzz-no-such-card');
  await expect(dialog.getByText('No card matches “zzzz-no-such-card”.')).toBeVisible();
  await expectNoA11yViolations(page, 'wallet search');
  // The search is kept in the address: Back from a card opened from it, and a reload, find it again.
  const typed = target.corporate_partner.name.slice(0, 5);
  await search.fill(typed);
  await expect(page).toHaveURL(/#\/wallet\?q=/);
  await rows.filter({ hasText: target.corporate_partner.name }).first().locator('.sp-wallet__card').click();
  await expect(page).toHaveURL(/#\/wallet\/\d+$/);
  await page.goBack();
  await expect(search).toHaveValue(typed);
  await expect(rows.filter({ hasText: target.corporate_partner.name }).first()).toBeVisible();
  await page.reload();
  await expect(search).toHaveValue(typed);
  expect(await rows.count()).toBeLessThan(expected.length);
  // Escape clears the search first, keeping the wallet open; a second Escape closes it.
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(rows).toHaveCount(expected.length);
  await expect(search).toBeFocused();
  await expect(page).toHaveURL(/#\/wallet$/);
  await search.press('Escape');
  await expect(page).not.toHaveURL(/#\/wallet$/);
});

test('against a server without the additions the wallet works and the new actions hide', { tag: '@worker' }, async ({ page, context, pageErrors }) => {
  await signInFast(page, EMAIL);
  // Strip every addition from the wallet list, and answer the new endpoints as an old server would
  // (on the context, so the service worker's own fetches are answered the same way).
  await context.route(/\/api\/v1(\.0)?\/wallet\/me$/, async (route) => {
    const res = await route.fetch();
    const items = ((await res.json()) as WalletItem[]).map(({ expiry_date: _e, used_at: _u, balance_updated_at: _b, ...rest }) => rest);
    await route.fulfill({ response: res, json: items });
  });
  await context.route(/\/api\/v1(\.0)?\/wallet\/\d+\/(balance-events|used)/, (route) =>
    route.fulfill({ status: 404, json: { error: 'not_found', error_description: 'Not found.' } }),
  );
  await page.goto('/#/wallet');
  const dialog = page.getByRole('dialog');
  const rows = dialog.locator('ul.sp-wallet__list').first().locator(':scope > li');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  await expect(dialog.locator('[data-expiry]')).toHaveCount(0);
  await expect(dialog.locator('details.sp-wallet__used')).toHaveCount(0);
  await rows.first().locator('.sp-wallet__card').click();
  await expect(dialog.getByText('Card number')).toBeVisible();
  await expect(dialog.getByTestId('card-balance')).toHaveText(/^€\d/);
  for (const name of ['Record a spend', 'Correct balance', 'Mark as used']) await expect(dialog.getByRole('button', { name })).toHaveCount(0);
  await expect(dialog.getByText('Balance history')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});
