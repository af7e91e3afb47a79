// Outbox: favorites and reward-target changes made offline are shown at once, survive a reload
// (marked pending), and reach the server when the network returns, as one request per net change.
// A target change the server refuses (two non-social targets) is undone on the server as a whole
// and announced wherever the user is. A 401 during the drain goes through exactly one token
// refresh. Favorites lists a brand followed offline at once, with its pending mark.
import type { APIRequestContext, BrowserContext, Page, Request } from '@playwright/test';
import { expect, expectNoA11yViolations, signInFast, test, waitForWorker } from '../support/fixtures';
import { holdChunk } from '../support/hold-chunk';
import { goOffline, goOnline } from '../support/network';
import { dropSavedQueriesMentioning, savedQueries } from '../support/saved-cache';
import { DEMO_PASSWORD, userEmail } from '../support/users';

const EMAIL = userEmail('offline2');
const API = '/api/v1.0';

// Seeded for every demo user: favorites 1, 3, 6, 9, 14, 22; targets 3 (School Meals, social) and
// 1 (REWILDING, not social). Projects 4 (Clean Water Wells) is social, 2 (Forest Corridors) is not.
const FOLLOW = [2, 4, 5];
const UNFOLLOW_AGAIN = 4;
const TOGGLED = 6; // followed on the server: unfollow, follow, unfollow → net unfollow
const SOCIAL_TARGET = 3;
const OTHER_SOCIAL = 4;
const NON_SOCIAL_KEPT = 1;
const NON_SOCIAL_NEW = 2;

async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/oauth/v2/token', {
    data: { grant_type: 'password', username: EMAIL, password: DEMO_PASSWORD, scope: 'ios' },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).access_token;
}

async function serverState(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const favs = await (await request.get(`${API}/corporate-partners/favorites?limit=200&offset=0`, { headers })).json();
  const targets = await (await request.get(`${API}/application-users/targets?limit=100&offset=0`, { headers })).json();
  return {
    favorites: (favs.results as Array<{ id: number }>).map((b) => b.id).sort((a, b) => a - b),
    targets: (targets.results as Array<{ target: { id: number } }>).map((t) => t.target.id).sort((a, b) => a - b),
  };
}

/** Puts the seeded favorites and targets back (so the spec can run again on the same server). */
async function resetState(request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const seededFavorites = [1, 3, 6, 9, 14, 22];
  const now = await serverState(request);
  for (const id of now.favorites) if (!seededFavorites.includes(id)) await request.delete(`${API}/corporate-partners/${id}/favorite`, { headers });
  for (const id of seededFavorites) if (!now.favorites.includes(id)) await request.post(`${API}/corporate-partners/${id}/favorite`, { headers });
  for (const id of now.targets) if (id !== 1 && id !== 3) await request.delete(`${API}/application-users/targets`, { headers, data: { target_id: id } });
  for (const id of [3, 1]) await request.post(`${API}/application-users/targets`, { headers, data: { target_id: id } });
}

async function brandNames(request: APIRequestContext, ids: number[]): Promise<Map<number, string>> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const out = new Map<number, string>();
  for (const id of ids) out.set(id, (await (await request.get(`${API}/corporate-partners/${id}`, { headers })).json()).name);
  return out;
}

function followButton(page: Page, name: string) {
  return page.getByRole('dialog').getByRole('button', { name: `Follow ${name}` });
}

async function setFollow(page: Page, brandId: number, name: string, on: boolean): Promise<void> {
  await page.goto(`/#/gift-card/${brandId}`);
  const button = followButton(page, name);
  await expect(button).toBeVisible({ timeout: 15_000 });
  await expect(button).toBeEnabled();
  if ((await button.getAttribute('aria-pressed')) !== String(on)) await button.click();
  await expect(button).toHaveAttribute('aria-pressed', String(on));
}

async function toggleTarget(page: Page, targetId: number, expectSelectedAfter: boolean): Promise<void> {
  await page.goto(`/#/set-target/${targetId}`);
  const dialog = page.getByRole('dialog');
  const button = dialog.getByRole('button', { name: expectSelectedAfter ? 'Choose as reward target' : 'Remove as reward target', exact: true });
  await expect(button).toBeEnabled({ timeout: 15_000 });
  await button.click();
  await expect(dialog.getByRole('button', { name: expectSelectedAfter ? 'Remove as reward target' : 'Choose as reward target', exact: true })).toBeVisible();
}

const isChange = (r: Request) =>
  (r.method() === 'POST' || r.method() === 'DELETE') &&
  /\/api\/v1(\.0)?\/(corporate-partners\/\d+\/favorite|application-users\/targets)$/.test(new URL(r.url()).pathname);

test('offline changes coalesce, survive a reload and sync once per net change; a refused one reverts', { tag: '@worker' }, async ({ page, context, request }) => {
  test.setTimeout(240_000);
  await resetState(request);
  const before = await serverState(request);
  expect(before.targets).toEqual([NON_SOCIAL_KEPT, SOCIAL_TARGET]);
  expect(before.favorites).toContain(TOGGLED);
  for (const id of FOLLOW) expect(before.favorites).not.toContain(id);
  const names = await brandNames(request, [...FOLLOW, TOGGLED]);

  // Online visit: the worker, the session, and the screens the user will open offline.
  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, EMAIL);
  for (const id of [...FOLLOW, TOGGLED]) {
    await page.goto(`/#/gift-card/${id}`);
    await expect(followButton(page, names.get(id)!)).toBeVisible({ timeout: 15_000 });
  }
  for (const id of [SOCIAL_TARGET, OTHER_SOCIAL, NON_SOCIAL_KEPT, NON_SOCIAL_NEW]) {
    await page.goto(`/#/set-target/${id}`);
    await expect(page.getByRole('dialog').getByRole('button', { name: /^(Choose|Remove) as reward target$/ })).toBeEnabled({ timeout: 15_000 });
  }
  await page.waitForTimeout(1500); // the query cache save is throttled

  const changes: string[] = [];
  context.on('request', (r) => {
    if (isChange(r)) changes.push(`${r.method()} ${new URL(r.url()).pathname}${r.postData() ? ' ' + r.postData() : ''}`);
  });
  let refreshes = 0;
  context.on('request', (r) => {
    if (r.url().endsWith('/oauth/v2/token') && (r.postData() ?? '').includes('refresh_token')) refreshes += 1;
  });
  let changeUnauthorized = 0;
  context.on('response', (r) => {
    if (isChange(r.request()) && r.status() === 401) changeUnauthorized += 1;
  });

  // ---- offline: follow three, unfollow one of them, toggle another three times, change a target ----
  await goOffline(context);
  for (const id of FOLLOW) await setFollow(page, id, names.get(id)!, true);
  await setFollow(page, UNFOLLOW_AGAIN, names.get(UNFOLLOW_AGAIN)!, false);
  await setFollow(page, TOGGLED, names.get(TOGGLED)!, false);
  await setFollow(page, TOGGLED, names.get(TOGGLED)!, true);
  await setFollow(page, TOGGLED, names.get(TOGGLED)!, false);
  await toggleTarget(page, SOCIAL_TARGET, false);
  await toggleTarget(page, OTHER_SOCIAL, true);
  expect(changes).toEqual([]);

  // The access token goes stale while offline: the drain will meet a 401.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const o = indexedDB.open('socialpay-session');
        o.onsuccess = () => {
          const tx = o.result.transaction('session', 'readwrite');
          const store = tx.objectStore('session');
          const get = store.get('tokens');
          get.onsuccess = () => store.put({ ...get.result, access_token: 'revoked-access-token' }, 'tokens');
          tx.oncomplete = () => {
            o.result.close();
            resolve();
          };
        };
      }),
  );

  // ---- reload while still offline: the changes are still shown, marked pending ----
  await page.goto('/#/');
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /5 changes will sync/ })).toBeVisible({ timeout: 15_000 });
  for (const [id, on] of [[2, true], [5, true], [4, false], [TOGGLED, false]] as const) {
    await page.goto(`/#/gift-card/${id}`);
    const button = followButton(page, names.get(id)!);
    await expect(button).toHaveAttribute('aria-pressed', String(on), { timeout: 15_000 });
    await expect(button.getByText('(waiting to sync)')).toHaveCount(id === 4 ? 0 : 1);
  }
  await page.goto(`/#/set-target/${OTHER_SOCIAL}`);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Remove as reward target', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog').getByText('Waiting to sync')).toBeVisible();
  expect(changes).toEqual([]);

  // ---- online: the queue drains ----
  // While the queue drains, the app's own reads stay cut off, so the drain's first request is the
  // one that meets the stale token (and the refresh it causes is the only one).
  await context.unroute('**/*');
  await context.route('**/api/**', (route) =>
    route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.continue(),
  );
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: /will sync|Syncing/ })).toHaveCount(0, { timeout: 30_000 });
  await context.unroute('**/api/**');
  await expect
    .poll(async () => serverState(request), { timeout: 20_000 })
    .toEqual({
      favorites: [...before.favorites.filter((id) => id !== TOGGLED), 2, 5].sort((a, b) => a - b),
      targets: [NON_SOCIAL_KEPT, OTHER_SOCIAL],
    });
  // One request per net change (the 401 makes one of them go twice: refused, then retried).
  const net = [
    'POST /api/v1.0/corporate-partners/2/favorite',
    'POST /api/v1.0/corporate-partners/5/favorite',
    `DELETE /api/v1.0/corporate-partners/${TOGGLED}/favorite`,
    `DELETE /api/v1.0/application-users/targets {"target_id":${SOCIAL_TARGET}}`,
    `POST /api/v1.0/application-users/targets {"target_id":${OTHER_SOCIAL}}`,
  ];
  expect(changeUnauthorized).toBe(1);
  expect(changes[0]).toBe(changes[1]); // the first one met the 401 and was retried after the refresh
  expect(changes.slice(1)).toEqual(net);
  expect(refreshes).toBe(1);
  // Reads come back: the screens show the server's (now final) state, nothing pending.
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Remove as reward target', exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog').getByText('Waiting to sync')).toHaveCount(0);

  // ---- a change the server refuses: two non-social targets ----
  // [1, 4] → [1, 2]: the removal of 4 goes through, the addition of 2 is refused, so 4 is put back.
  changes.length = 0;
  await goOffline(context);
  await toggleTarget(page, OTHER_SOCIAL, false);
  await toggleTarget(page, NON_SOCIAL_NEW, true);
  await goOnline(context);
  await expect(page.locator('.toast').filter({ hasText: 'Your reward targets were not changed: at least one of them must be a Social project.' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Choose as reward target', exact: true })).toBeVisible();
  await expect.poll(() => changes, { timeout: 15_000 }).toEqual([
    `DELETE /api/v1.0/application-users/targets {"target_id":${OTHER_SOCIAL}}`,
    `POST /api/v1.0/application-users/targets {"target_id":${NON_SOCIAL_NEW}}`,
    `POST /api/v1.0/application-users/targets {"target_id":${OTHER_SOCIAL}}`,
  ]);
  await expect.poll(async () => (await serverState(request)).targets).toEqual([NON_SOCIAL_KEPT, OTHER_SOCIAL]);
});

/** Records the target and favorite writes the page sends, with their answers' status. */
function recordChanges(context: BrowserContext): string[] {
  const out: string[] = [];
  context.on('requestfinished', async (r) => {
    if (!isChange(r)) return;
    const status = (await r.response())?.status();
    out.push(`${r.method()} ${r.postData() ?? ''} ${status}`);
  });
  return out;
}

test('a refused target change is undone on the server as a whole and announced on the shop, in Dutch', { tag: '@worker' }, async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await resetState(request);
  // The case: from [3, 4] (both social) to [1, 2] (neither is).
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  await request.delete(`${API}/application-users/targets`, { headers, data: { target_id: NON_SOCIAL_KEPT } });
  await request.post(`${API}/application-users/targets`, { headers, data: { target_id: OTHER_SOCIAL } });
  expect((await serverState(request)).targets).toEqual([SOCIAL_TARGET, OTHER_SOCIAL]);

  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, EMAIL);
  for (const id of [SOCIAL_TARGET, OTHER_SOCIAL, NON_SOCIAL_KEPT, NON_SOCIAL_NEW]) {
    await page.goto(`/#/set-target/${id}`);
    await expect(page.getByRole('dialog').getByRole('button', { name: /^(Choose|Remove) as reward target$/ })).toBeEnabled({ timeout: 15_000 });
  }
  const changes = recordChanges(context);

  await goOffline(context);
  await toggleTarget(page, SOCIAL_TARGET, false);
  await toggleTarget(page, OTHER_SOCIAL, false);
  await toggleTarget(page, NON_SOCIAL_KEPT, true);
  await toggleTarget(page, NON_SOCIAL_NEW, true);
  // Away from the target screens, in Dutch, when the network comes back.
  await page.goto('/#/nl/');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /4 wijzigingen/ })).toBeVisible({ timeout: 15_000 });
  await goOnline(context);

  const toast = page.locator('.toast').filter({ hasText: 'Je beloningsdoelen zijn niet gewijzigd: minstens één ervan moet een sociaal project zijn.' });
  await expect(toast).toBeVisible({ timeout: 30_000 });
  await expectNoA11yViolations(page, 'shop with the refusal toast');
  await expect.poll(async () => (await serverState(request)).targets, { timeout: 15_000 }).toEqual([SOCIAL_TARGET, OTHER_SOCIAL]);
  // Removals went first, the first addition went through, the second was refused; then the
  // addition was taken back and both removals undone, in that order.
  await expect.poll(() => changes, { timeout: 15_000 }).toEqual([
    `DELETE {"target_id":${SOCIAL_TARGET}} 204`,
    `DELETE {"target_id":${OTHER_SOCIAL}} 204`,
    `POST {"target_id":${NON_SOCIAL_KEPT}} 201`,
    `POST {"target_id":${NON_SOCIAL_NEW}} 422`,
    `DELETE {"target_id":${NON_SOCIAL_KEPT}} 204`,
    `POST {"target_id":${SOCIAL_TARGET}} 201`,
    `POST {"target_id":${OTHER_SOCIAL}} 201`,
  ]);
  await expect(page.getByRole('status').filter({ hasText: /wijziging/ })).toHaveCount(0);
  // The target screens show the previous selection again, nothing waiting.
  for (const [id, selected] of [[SOCIAL_TARGET, true], [OTHER_SOCIAL, true], [NON_SOCIAL_KEPT, false], [NON_SOCIAL_NEW, false]] as const) {
    await page.goto(`/#/nl/set-target/${id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: selected ? 'Verwijderen als beloningsdoel' : 'Kiezen als beloningsdoel', exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText('Wacht op synchronisatie')).toHaveCount(0);
  }
});

test('Favorites lists a brand followed offline with its pending mark, also after a reload; unfollowing it offline removes it', { tag: '@worker' }, async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await resetState(request);
  const [followed] = FOLLOW;
  const names = await brandNames(request, [followed]);
  const name = names.get(followed)!;

  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, EMAIL);
  await page.goto(`/#/gift-card/${followed}`);
  await expect(followButton(page, name)).toBeVisible({ timeout: 15_000 });
  await page.goto('/#/favorites');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('You have 6 favorites')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1500); // the query cache save is throttled
  const tile = () => dialog.locator(`[data-brand-id="${followed}"]`);
  await expect(tile()).toHaveCount(0);

  await goOffline(context);
  await setFollow(page, followed, name, true);
  await page.goto('/#/favorites');
  await expect(dialog.getByText('You have 7 favorites')).toBeVisible({ timeout: 15_000 });
  await expect(tile()).toBeVisible();
  await expect(tile().getByText('Favorite, waiting to sync')).toHaveCount(1);
  // The shop's Favorites row lists it too, marked the same way.
  await page.goto('/#/');
  const row = page.locator('.sp-row--favorites');
  await expect(row.locator(`[data-brand-id="${followed}"]`).getByText('Favorite, waiting to sync')).toHaveCount(1, { timeout: 15_000 });

  // Still there after an offline reload (the brand comes from the saved catalogue).
  await page.goto('/#/favorites');
  await page.reload();
  await expect(dialog.getByText('You have 7 favorites')).toBeVisible({ timeout: 15_000 });
  await expect(tile().getByText('Favorite, waiting to sync')).toHaveCount(1);
  await expectNoA11yViolations(page, 'favorites with a pending follow');

  // Unfollowing it offline removes it at once; nothing is left to send.
  await tile().getByRole('button', { name: `Unfollow ${name}` }).click();
  await expect(tile()).toHaveCount(0);
  await expect(dialog.getByText('You have 6 favorites')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /will sync/ })).toHaveCount(0);

  // Followed again, then online: it syncs and stays listed, without the mark.
  await setFollow(page, followed, name, true);
  await page.goto('/#/favorites');
  await expect(tile().getByText('Favorite, waiting to sync')).toHaveCount(1, { timeout: 15_000 });
  // The connection comes back flaky: the first favorites GET after it fails (the worker then answers
  // from its copy, which still has 6). The app must ask again, not keep that copy on screen.
  let dropped = 0;
  await context.route('**/corporate-partners/favorites?*', (route) => {
    if (route.request().method() !== 'GET' || dropped > 0) return route.fallback();
    dropped += 1;
    return route.abort('internetdisconnected');
  });
  await goOnline(context);
  await expect.poll(async () => (await serverState(request)).favorites, { timeout: 20_000 }).toContain(followed);
  await expect.poll(() => dropped, { timeout: 15_000 }).toBe(1);
  await expect(tile()).toBeVisible();
  await expect(tile().getByText('Favorite, waiting to sync')).toHaveCount(0, { timeout: 15_000 });
  await expect(dialog.getByText('You have 7 favorites')).toBeVisible();
});

test('Favorites lists a brand followed offline whose data the saved cache never got, after reloads less than a second apart', { tag: '@worker' }, async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await resetState(request);

  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, EMAIL);
  await page.goto('/#/favorites');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('You have 6 favorites')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(1500); // the favourites list is saved (the query cache save is throttled)

  // A brand no saved catalogue answer holds (not in the shop's rows), not followed yet.
  const inSavedCache = async (text: string) => JSON.stringify((await savedQueries(page)).map((q) => q.state.data)).includes(text);
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const all = (await (await request.get(`${API}/corporate-partners/category/all?limit=200&offset=0`, { headers })).json()).results as Array<{ id: number; name: string; is_favorite: boolean; hide_name: boolean }>;
  const saved = JSON.stringify((await savedQueries(page)).map((q) => q.state.data));
  const brand = all.find((b) => !b.is_favorite && !b.hide_name && !saved.includes(`"name":${JSON.stringify(b.name)}`));
  expect(brand, 'a brand outside the saved cache').toBeTruthy();
  const { id: followed, name } = brand!;
  const nameJson = `"name":${JSON.stringify(name)}`;

  // Its page is opened, it is followed offline, and the page is reloaded three times quickly.
  await page.goto(`/#/gift-card/${followed}`);
  await expect(followButton(page, name)).toBeVisible({ timeout: 15_000 });
  await goOffline(context);
  await followButton(page, name).click();
  await expect(followButton(page, name)).toHaveAttribute('aria-pressed', 'true');
  let last = Date.now();
  for (let i = 0; i < 3; i++) {
    // A reload sent while the previous one swaps the document can be refused by the protocol ("Not
    // attached to an active page"): the browser's race, not the app's; that reload is sent again
    // shortly after (it could be refused twice in a row).
    for (let attempt = 0; ; attempt++) {
      try {
        await page.reload({ waitUntil: 'commit' });
        break;
      } catch (e) {
        if (attempt === 5 || !String(e).includes('Not attached to an active page')) throw e;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(Date.now() - last, 'reloads less than a second apart').toBeLessThan(1000);
    last = Date.now();
  }
  await expect(followButton(page, name)).toBeVisible({ timeout: 15_000 });

  // Whether a reload lands inside the cache's throttled save (one a second) depends on the machine's
  // speed; the saved cache is put in the state such a reload leaves it, without the brand, so the
  // test does not. Then the app starts afresh (a new document) on Favorites.
  await page.goto('/#/');
  await page.waitForTimeout(1500); // no save pending that could put the brand back
  expect(await dropSavedQueriesMentioning(page, nameJson)).toBeGreaterThan(0);
  expect(await inSavedCache(nameJson)).toBe(false);
  await page.goto('/?fresh=1#/favorites');
  await expect(dialog.getByTestId('offline-banner-screen')).toContainText('1 change will sync', { timeout: 15_000 });
  await expect(dialog.getByText('You have 7 favorites')).toBeVisible();
  const tile = dialog.locator(`[data-brand-id="${followed}"]`);
  await expect(tile.getByText(name, { exact: true })).toBeVisible();
  await expect(tile.getByText('Favorite, waiting to sync')).toHaveCount(1);

  // Online again: it syncs and stays listed, without the mark.
  await goOnline(context);
  await expect.poll(async () => (await serverState(request)).favorites, { timeout: 20_000 }).toContain(followed);
  await expect(tile.getByText('Favorite, waiting to sync')).toHaveCount(0, { timeout: 15_000 });
  await expect(dialog.getByText('You have 7 favorites')).toBeVisible();
});

/**
 * A first visit (no service worker yet) that loses the network before the outbox's chunk is in (held
 * here, then failed as offline), and a tap on Follow on that brand's page then. Returns the button.
 */
async function followOfflineBeforeTheEngine(page: Page, context: BrowserContext, request: APIRequestContext, brandId: number) {
  await resetState(request);
  const name = (await brandNames(request, [brandId])).get(brandId)!;
  const engine = await holdChunk(page, /\/assets\/outbox-operations-[\w-]+\.js$/);
  await signInFast(page, EMAIL);
  await engine.fail(); // the page before the sign-in's reload
  await page.goto(`/#/gift-card/${brandId}`);
  const follow = followButton(page, name);
  await expect(follow).toHaveAttribute('aria-pressed', 'false', { timeout: 15_000 });
  await expect.poll(() => engine.count()).toBe(1);
  await goOffline(context);
  engine.release();
  await engine.fail();
  await follow.click();
  return follow;
}

test('a brand followed offline before the app could load its sync engine shows at once and is sent once back online', async ({ page, context, request }) => {
  const brandId = FOLLOW[0]!;
  const follow = await followOfflineBeforeTheEngine(page, context, request, brandId);
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect(follow).toContainText('waiting to sync');
  await expect(follow).not.toHaveAttribute('aria-busy', 'true');

  await goOnline(context);
  await expect.poll(async () => (await serverState(request)).favorites, { timeout: 20_000 }).toContain(brandId);
  await expect(follow).not.toContainText('waiting to sync', { timeout: 15_000 });
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
});

test('a brand followed that way is not lost when the tab closes offline: the next start sends it', async ({ page, context, request }) => {
  const brandId = FOLLOW[1]!;
  const follow = await followOfflineBeforeTheEngine(page, context, request, brandId);
  await expect(follow).toContainText('waiting to sync');
  await page.waitForTimeout(300); // kept in IndexedDB (a write of a few hundred bytes)
  await page.close();

  await goOnline(context);
  expect((await serverState(request)).favorites).not.toContain(brandId);
  const next = await context.newPage();
  await next.goto('/');
  await expect.poll(async () => (await serverState(request)).favorites, { timeout: 20_000 }).toContain(brandId);
});

test('a wallet card corrected and marked as used offline before the sync engine could load shows it at once; back online the server gets both', async ({ page, context, request }) => {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  const wallet = async (): Promise<{ id: number; amount: number; used_at: string | null }[]> => (await request.get(`${API}/wallet/me`, { headers })).json();
  const card = (await wallet())[0]!;
  // Each run starts from a card in use with €25.00 on it.
  await request.delete(`${API}/wallet/${card.id}/used`, { headers });
  await request.post(`${API}/wallet/${card.id}/balance-events`, { headers, data: { event_id: `e2e-outbox-${Date.now()}`, type: 'correction', balance: 25 } });

  const engine = await holdChunk(page, /\/assets\/outbox-operations-[\w-]+\.js$/);
  await signInFast(page, EMAIL);
  await engine.fail(); // the page before the sign-in's reload
  await page.goto(`/#/wallet/${card.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('card-balance')).toHaveText('€25.00', { timeout: 15_000 });
  await expect.poll(() => engine.count()).toBe(1);
  await goOffline(context);
  engine.release();
  await engine.fail();

  await dialog.getByRole('button', { name: 'Correct balance' }).click();
  await dialog.getByLabel('New balance').fill('12.50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('card-balance')).toHaveText('€12.50Waiting to sync');
  await dialog.getByRole('button', { name: 'Mark as used' }).click();
  await expect(dialog.getByText('This card is in Used cards.')).toBeVisible();
  await expect(dialog.getByTestId('offline-banner-screen')).toContainText('2 changes will sync when you are back online.');
  expect((await wallet()).find((c) => c.id === card.id)).toMatchObject({ amount: 2500, used_at: null });

  await goOnline(context);
  await expect.poll(async () => (await wallet()).find((c) => c.id === card.id), { timeout: 20_000 }).toMatchObject({ amount: 1250, used_at: expect.any(String) });
  await expect(dialog.getByTestId('card-balance')).toHaveText('€12.50', { timeout: 15_000 });
  await expect(dialog.getByText('This card is in Used cards.')).toBeVisible();
  await expect(dialog.getByTestId('offline-banner-screen')).toBeHidden();
});
