// Offline start: after one online visit as a signed-in user, the page AND the service worker are cut
// off from the network and the app is reloaded. The shop with its catalogue, the wallet with its
// cards, a wallet card with its barcode and My Impact with the savings summary must all render,
// in English and in Dutch, from the precache, the persisted query cache and the worker's copies.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, signInFast, test, waitForWorker } from '../support/fixtures';
import { goOffline, goOnline } from '../support/network';
import { savedQueryCache } from '../support/saved-cache';
import { userEmail } from '../support/users';

const EMAIL = userEmail('offline1');

interface Snapshot {
  rowTitle: string;
  brands: string[];
  cards: string[];
  cardTitle: string;
  barcode: string;
  total: string;
  yearToDate: string;
}

const prefixOf = (lang: 'en' | 'nl') => (lang === 'nl' ? '/nl' : '');

/** Installs the worker first, then signs in: every signed-in request goes through the worker. */
async function signInWithWorker(page: Page): Promise<void> {
  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, EMAIL);
}

/** Visits every screen under test and records what it shows. */
async function visit(page: Page, lang: 'en' | 'nl'): Promise<Snapshot> {
  const p = prefixOf(lang);
  await page.goto(`/#${p}/`);
  // The shop stays mounted across the hash change: read it only once it is in the new language.
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('#main h1')).toHaveText(lang === 'nl' ? 'Winkelen' : 'Shop');
  const row = page.locator('#main .sp-row').filter({ has: page.locator('.sp-tile') }).first();
  await expect(row.locator('.sp-tile').nth(3)).toBeVisible({ timeout: 20_000 });
  const rowTitle = (await row.locator('h2').innerText()).trim();
  const brands = (await row.locator('.sp-tile__name').allInnerTexts()).slice(0, 4);

  await page.goto(`/#${p}/wallet`);
  const cardButtons = page.getByRole('dialog').locator('.sp-wallet__card');
  await expect(cardButtons.first()).toBeVisible({ timeout: 20_000 });
  const cards = (await cardButtons.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
  await cardButtons.first().click();
  const barcodeImg = page.getByRole('dialog').getByRole('button', { name: lang === 'nl' ? /Schermvullend tonen aan de kassa$/ : /Show it full screen at the till$/ });
  await expect(barcodeImg).toBeVisible({ timeout: 20_000 });
  const barcode = (await barcodeImg.getAttribute('aria-label')) ?? '';
  await expect.poll(() => barcodeImg.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  const cardTitle = (await page.getByRole('dialog').getByRole('heading', { level: 1 }).innerText()).trim();

  await page.goto(`/#${p}/my-impact`);
  const total = page.getByTestId('savings-total');
  // Loaded (the seeded history is never zero in total; an empty summary would show €0.00).
  await expect(total).toHaveText(/€\s?[\d.,]*[1-9]/, { timeout: 20_000 });
  const yearToDate = (await page.getByTestId('savings-year-to-date').innerText()).trim();
  return { rowTitle, brands, cards, cardTitle, barcode, total: (await total.innerText()).trim(), yearToDate };
}


async function checkOffline(page: Page, lang: 'en' | 'nl', online: Snapshot): Promise<void> {
  const p = prefixOf(lang);
  // A cold start of the app while offline: reload on the shop.
  await page.goto(`/#${p}/`);
  await page.reload();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  await expect(page.getByRole('status').filter({ hasText: lang === 'nl' ? 'Je bent offline' : 'You are offline' })).toBeVisible();
  const row = page.locator('#main .sp-row').filter({ hasText: online.rowTitle }).first();
  await expect(row.locator('h2')).toHaveText(online.rowTitle, { timeout: 20_000 });
  await expectNoA11yViolations(page, `offline shop (${lang})`);
  // Saved data says how fresh it is.
  await expect(page.getByTestId('offline-last-updated')).toHaveText(lang === 'nl' ? /^Laatst bijgewerkt \d\d:\d\d$/ : /^Last updated \d\d:\d\d$/);
  for (const name of online.brands) await expect(row.locator('.sp-tile__name', { hasText: name }).first()).toBeVisible();

  await page.goto(`/#${p}/wallet`);
  const cardButtons = page.getByRole('dialog').locator('.sp-wallet__card');
  await expect(cardButtons.first()).toBeVisible({ timeout: 20_000 });
  expect((await cardButtons.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim())).toEqual(online.cards);
  await cardButtons.first().click();
  const barcodeImg = page.getByRole('dialog').getByRole('button', { name: online.barcode });
  await expect(barcodeImg).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => barcodeImg.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('dialog').getByRole('heading', { level: 1 })).toHaveText(online.cardTitle);

  await page.goto(`/#${p}/my-impact`);
  await expect(page.getByTestId('savings-total')).toHaveText(online.total, { timeout: 20_000 });
  await expect(page.getByTestId('savings-year-to-date')).toHaveText(online.yearToDate);
}

test('the shop, wallet, a wallet card and My Impact start offline, in English and Dutch', { tag: '@worker' }, async ({ page, context, pageErrors }) => {
  test.setTimeout(180_000);
  await signInWithWorker(page);
  const en = await visit(page, 'en');
  const nl = await visit(page, 'nl');
  // The visits above saved the query cache (throttled); give the last save a moment.
  await page.waitForTimeout(1500);

  await goOffline(context);
  try {
    await checkOffline(page, 'en', en);
    await checkOffline(page, 'nl', nl);
  } finally {
    await goOnline(context);
  }
  expect(pageErrors).toEqual([]);
});

/** Notes, from the page's first script on, what the first wallet card seen was: the saved picture or the app's. */
function noteFirstCard(): void {
  const w = window as unknown as { __firstCard?: { picture: boolean; inert: boolean; texts: string[]; box: number[]; parsing: boolean }; __cspBlocked?: string[] };
  w.__cspBlocked = [];
  document.addEventListener('securitypolicyviolation', (e) => w.__cspBlocked!.push(`${e.violatedDirective} ${e.blockedURI}`));
  new MutationObserver((_, observer) => {
    const card = document.querySelector('.sp-wallet__card');
    if (!card) return;
    const picture = card.closest('.saved-screen');
    w.__firstCard = {
      picture: picture !== null,
      inert: picture?.hasAttribute('inert') === true && picture.getAttribute('aria-hidden') === 'true',
      texts: [...document.querySelectorAll('.sp-wallet__card')].map((el) => (el.textContent ?? '').replace(/\s+/g, '')),
      // Where it is drawn and how large: styled as the app draws it, not as bare markup.
      box: ((r) => [r.x, r.y, r.width, r.height].map(Math.round))(card.getBoundingClientRect()),
      // Still parsing: put in by index.html's inline early start, not by the entry (a module script, run
      // once the document is parsed), which would only do it where that script could not run.
      parsing: document.readyState === 'loading',
    };
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

test('the installed app starts offline on the wallet as last seen offline, then the app takes over', { tag: '@worker' }, async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInWithWorker(page);
  await page.goto('/#/wallet');
  const onlineCards = page.getByRole('dialog').locator('.sp-wallet__card');
  await expect(onlineCards.first()).toBeVisible({ timeout: 20_000 });
  const online = (await onlineCards.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
  // Closed online: what it saved has no offline banner, so the first offline start does not show it.
  await page.close();
  await context.addInitScript(noteFirstCard);

  await goOffline(context);
  try {
    const app = await context.newPage();
    const errors: Error[] = [];
    app.on('pageerror', (e) => errors.push(e));
    const cards = app.getByRole('dialog').locator('.sp-wallet__card');
    const firstCard = () => app.evaluate(() => (window as unknown as { __firstCard?: { picture: boolean; inert: boolean; texts: string[]; box: number[]; parsing: boolean } }).__firstCard);
    await app.goto('/#/wallet');
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    expect((await firstCard())?.picture).toBe(false);
    await expect(app.getByTestId('offline-banner-screen')).toContainText('You are offline');

    // Leaving saved it as shown offline; the next offline start shows that at once, inert and hidden
    // from assistive technology, until the app replaces it with the same cards, which then work.
    await app.reload();
    await expect(cards.first()).toBeVisible({ timeout: 20_000 });
    const seen = await firstCard();
    expect(seen?.picture).toBe(true);
    expect(seen?.inert).toBe(true);
    expect(seen?.parsing).toBe(true);
    // The page's CSP allows that script (by its hash) and blocks nothing else of the app's.
    expect(await app.evaluate(() => (window as unknown as { __cspBlocked: string[] }).__cspBlocked)).toEqual([]);
    // (textContent: the spans' text without the line breaks innerText puts between them)
    expect(seen?.texts).toEqual(online.map((t) => t.replace(/\s+/g, '')));
    await expect(app.locator('.saved-screen')).toHaveCount(0);
    // The app's first card is where the picture's was, as large: nothing moved when it took over.
    expect(await cards.first().evaluate((el) => ((r) => [r.x, r.y, r.width, r.height].map(Math.round))(el.getBoundingClientRect()))).toEqual(seen?.box);
    expect((await cards.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim())).toEqual(online);
    await cards.first().click();
    await expect(app.getByRole('dialog').getByRole('button', { name: /Show it full screen at the till$/ })).toBeVisible({ timeout: 20_000 });
    expect(errors).toEqual([]);
  } finally {
    await goOnline(context);
  }
});

test('after logout nothing of the user is left in the offline copies', { tag: '@worker' }, async ({ page }) => {
  await signInWithWorker(page);
  await page.goto('/#/wallet');
  await expect(page.getByRole('dialog').locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1500);
  const userId = await page.evaluate(async () => {
    const res = await fetch('/api/v1.0/application-users/me', {
      headers: { Authorization: `Bearer ${await readToken()}` },
    });
    return (await res.json()).id as number;
    async function readToken(): Promise<string> {
      const db: IDBDatabase = await new Promise((r) => {
        const o = indexedDB.open('socialpay-session');
        o.onsuccess = () => r(o.result);
      });
      return new Promise((r) => {
        const q = db.transaction('session').objectStore('session').get('tokens');
        q.onsuccess = () => r(q.result.access_token);
      });
    }
  });

  const keysIn = (dbName: string, store: string) =>
    page.evaluate(
      ([dbName, store]) =>
        new Promise<string[]>((resolve) => {
          const o = indexedDB.open(dbName);
          o.onupgradeneeded = () => o.result.createObjectStore(store);
          o.onsuccess = () => {
            const q = o.result.transaction(store).objectStore(store).getAllKeys();
            q.onsuccess = () => {
              o.result.close();
              resolve(q.result.map(String));
            };
          };
        }),
      [dbName, store] as const,
    );
  expect((await keysIn('socialpay-sw-api', 'responses')).some((k) => k.startsWith(`u${userId}|`))).toBe(true);
  expect(await keysIn('socialpay-query-cache', 'cache')).toContain(`user:${userId}`);
  // Leaving the wallet (here a reload) saves its picture for the next start.
  await page.reload();
  await expect(page.getByRole('dialog').locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });
  const pictures = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('socialpay.saved-screen')));
  expect(await pictures()).toEqual(['socialpay.saved-screen:online:#/wallet']);

  await page.goto('/#/settings');
  await page.getByRole('dialog').getByRole('button', { name: /^Log ?out$/i }).click();
  await expect.poll(async () => (await keysIn('socialpay-sw-api', 'responses')).filter((k) => k.startsWith(`u${userId}|`))).toEqual([]);
  await expect.poll(async () => await keysIn('socialpay-query-cache', 'cache')).not.toContain(`user:${userId}`);
  await expect.poll(pictures).toEqual([]);
});

/** The time a wallet's "Last updated 29/11/2026, 06:11:32" names (the browser's and the runner's clock agree). */
function lastUpdatedAt(text: string): number {
  const m = /(\d\d)\/(\d\d)\/(\d{4}), (\d\d):(\d\d):(\d\d)$/.exec(text);
  if (!m) throw new Error(`no time in "${text}"`);
  return new Date(+m[3], +m[2] - 1, +m[1], +m[4], +m[5], +m[6]).getTime();
}

test("without the saved query cache the worker's IndexedDB copies still serve the data offline", { tag: '@worker' }, async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInWithWorker(page);
  await page.goto('/#/wallet');
  const fetchedAt = lastUpdatedAt(await page.getByRole('dialog').getByText(/^Last updated \d\d\//).innerText());
  const en = await visit(page, 'en');
  await page.waitForTimeout(1500);
  // At least 5 s between the wallet's fetch and the offline start below, so a copy dated at its arrival shows.
  await page.waitForTimeout(Math.max(0, fetchedAt + 6000 - Date.now()));
  await goOffline(context);
  try {
    // Forget the persisted React Query cache, then start the app again in a fresh tab.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const o = indexedDB.open('socialpay-query-cache');
          o.onsuccess = () => {
            const tx = o.result.transaction('cache', 'readwrite');
            tx.objectStore('cache').clear();
            tx.oncomplete = () => {
              o.result.close();
              resolve();
            };
          };
        }),
    );
    await page.close();
    const fresh = await context.newPage();
    // When React first replaces the static skeleton (its first commit).
    await fresh.addInitScript(() => {
      const w = window as unknown as { __firstCommit?: number };
      new MutationObserver((_, observer) => {
        if (document.getElementById('root') && !document.querySelector('#root > .boot')) {
          w.__firstCommit = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await fresh.goto('/#/wallet');
    const cardButtons = fresh.getByRole('dialog').locator('.sp-wallet__card');
    await expect(cardButtons.first()).toBeVisible({ timeout: 20_000 });
    // The boot prefetch asked the worker for the first screen before the first render (offline too),
    // not only when the screens mounted.
    const asked = await fresh.evaluate(() => ({
      commit: (window as unknown as { __firstCommit?: number }).__firstCommit ?? Infinity,
      categories: performance.getEntriesByType('resource').find((e) => /\/api\/v1(\.0)?\/site\/categories\b/.test(e.name))?.startTime ?? Infinity,
    }));
    expect(asked.categories).toBeLessThan(asked.commit);
    expect((await cardButtons.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim())).toEqual(en.cards);
    // The copy says when it was fetched online, not when it was read now (within the second it was saved in).
    const shownAt = lastUpdatedAt(await fresh.getByRole('dialog').getByText(/^Last updated \d\d\//).innerText());
    expect(Math.abs(shownAt - fetchedAt)).toBeLessThanOrEqual(2000);
    await fresh.goto('/#/my-impact');
    await expect(fresh.getByTestId('savings-total')).toHaveText(en.total, { timeout: 20_000 });
    await fresh.goto('/#/');
    const row = fresh.locator('#main .sp-row').filter({ hasText: en.rowTitle }).first();
    await expect(row.locator('.sp-tile__name', { hasText: en.brands[0] }).first()).toBeVisible({ timeout: 20_000 });
  } finally {
    await goOnline(context);
  }
});

test('online, the worker revalidates its catalogue copies with their ETag: a bodiless 304, the page still gets its data', { tag: '@worker' }, async ({ page, context }) => {
  const categories = (r: { url(): string }) => /\/api\/v1(\.0)?\/site\/categories\b/.test(r.url());
  await page.goto('/');
  await waitForWorker(page);
  // A start under the worker: it fetches the categories and keeps a copy with the server's ETag.
  const saved = context.waitForEvent('response', { predicate: (r) => categories(r) && r.request().serviceWorker() !== null && r.status() === 200 });
  await page.reload();
  await saved;
  await expect(page.locator('#main .sp-row .sp-tile').first()).toBeVisible({ timeout: 20_000 });
  // The next start sends that tag; the server answers 304 and the worker answers the page from its copy.
  const revalidated = context.waitForEvent('response', { predicate: (r) => categories(r) && r.request().serviceWorker() !== null });
  const toPage = page.waitForResponse(categories);
  await page.reload();
  const fromServer = await revalidated;
  expect(fromServer.status()).toBe(304);
  expect(await fromServer.request().headerValue('if-none-match')).toMatch(/^"[^"]+"$/);
  const answer = await toPage;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
  await expect(page.locator('#main .sp-row .sp-tile').first()).toBeVisible({ timeout: 20_000 });
});

// "Lie-fi", the usual shop-counter case: the phone says it is online (navigator.onLine stays true) but
// nothing answers. The page's and the worker's requests are refused (no setOffline: the browser must
// not know), the app starts again, and a card tapped at once shows its code from the saved copies.
test('with the server unreachable but the browser online, a wallet card tapped at once shows its code', { tag: '@worker' }, async ({ page, context }) => {
  test.setTimeout(120_000);
  await signInWithWorker(page);
  const online = await visit(page, 'en');
  await page.waitForTimeout(1500);

  // The worker may not answer either (a restarted worker that has not heard whose token it is yet,
  // or a copy evicted): only the saved query cache has the card.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const o = indexedDB.open('socialpay-sw-api');
        o.onsuccess = () => {
          const tx = o.result.transaction('responses', 'readwrite');
          tx.objectStore('responses').clear();
          tx.oncomplete = () => {
            o.result.close();
            resolve();
          };
        };
      }),
  );
  await context.route(/\/(api|oauth)\//, (route) => route.abort('connectionrefused'));
  try {
    await page.goto('/#/wallet');
    await page.reload();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    const cardButtons = page.getByRole('dialog').locator('.sp-wallet__card');
    await expect(cardButtons.first()).toBeVisible({ timeout: 20_000 });
    await cardButtons.first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: online.barcode })).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('heading', { level: 1 })).toHaveText(online.cardTitle);
    // It stays: the boot's failing refetches (retried while the browser thinks it is online) never
    // replace the saved card with "Something went wrong".
    await page.waitForTimeout(8000);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: online.barcode })).toBeVisible();
  } finally {
    await context.unroute(/\/(api|oauth)\//);
  }
});

/** The query keys of the signed-in user's saved cache. */
async function savedKeys(page: Page): Promise<string[]> {
  const saved = await savedQueryCache(page);
  const mine = Object.entries(saved).find(([key]) => key.startsWith('user:'))?.[1] as { clientState: { queries: Array<{ queryKey: unknown[] }> } } | undefined;
  return (mine?.clientState.queries ?? []).map((q) => JSON.stringify(q.queryKey));
}

test('a shop visit left at once still saves what it showed, for the next offline start', { tag: '@worker' }, async ({ page }) => {
  await signInWithWorker(page);
  // A fresh start of the installed app (the worker serves it: its saved cache runs before the first
  // render), left as soon as its first tile shows: well within the saved cache's 1 s save throttle, so
  // only the save made as the page hides can keep it.
  await page.goto('about:blank');
  await page.goto('/');
  await expect(page.locator('.sp-row:not(.sp-row--favorites) .sp-tile').first()).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto('/no-such-page');
  const keys = await savedKeys(page);
  expect(keys).toContain('["catalogue","en","user","categories"]');
  expect(keys.some((k) => k.startsWith('["catalogue","en","user","row",'))).toBe(true);
});

test('a first visit (no worker yet) saves what its first screen showed once it is shown', async ({ page }) => {
  await signInFast(page, EMAIL);
  // Its saved cache is a lazy chunk that loads after the first screen (nothing is saved to restore).
  await page.goto('about:blank');
  await page.goto('/');
  await expect(page.locator('.sp-row:not(.sp-row--favorites) .sp-tile').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => savedKeys(page), { timeout: 15_000 }).toContain('["catalogue","en","user","categories"]');
  expect((await savedKeys(page)).some((k) => k.startsWith('["catalogue","en","user","row",'))).toBe(true);
});
