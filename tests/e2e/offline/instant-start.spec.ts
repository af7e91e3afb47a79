// Instant start snapshot (src/offline/instant-start.ts, public/instant-start.js): an offline restart
// on the wallet shows the saved picture of the wallet's cards at once, then the live (React) cards
// replace it in one frame and it is gone; it is aria-hidden and inert; another user, a logged-out
// browser and a new build never see it, and it never shows on another route.
import type { Page } from '@playwright/test';
import { expect, signInFast, test } from '../support/fixtures';
import { goOffline } from '../support/network';
import { userEmail } from '../support/users';

// Read-only users (see support/users.ts): this spec only reads their wallets.
const USER_A = userEmail('demo');
const USER_B = userEmail('shell');
const WALLET_KEY = 'socialpay.instant.wallet';
const SHOP_KEY = 'socialpay.instant.shop';

interface Seen {
  snapAt?: number;
  goneAt?: number;
  liveAt?: number;
  screen?: string;
  ariaHidden?: string | null;
  inert?: boolean;
  ids?: number;
  snapCard?: { text: string; x: number; y: number; w: number; h: number } | null;
  liveCard?: { text: string; x: number; y: number; w: number; h: number };
  snapStillThereAtLive?: boolean;
}

/** Records, in every page of the context, when the snapshot appears and goes and when the live card shows. */
function recorder() {
  const w = window as unknown as { __inst: Record<string, unknown> };
  const seen: Record<string, unknown> = (w.__inst = {});
  const box = (el: Element) => {
    const r = el.getBoundingClientRect();
    return { text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(), x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) };
  };
  const check = () => {
    const s = document.getElementById('sp-instant');
    if (s && seen.snapAt === undefined) {
      seen.snapAt = performance.now();
      seen.screen = s.dataset.screen;
      seen.ariaHidden = s.getAttribute('aria-hidden');
      seen.inert = s.hasAttribute('inert');
      seen.ids = s.querySelectorAll('[id]').length;
      const c = s.querySelector('.sp-wallet__card');
      seen.snapCard = c ? box(c) : null;
    }
    if (!s && seen.snapAt !== undefined && seen.goneAt === undefined) seen.goneAt = performance.now();
    const live = document.querySelector('#root dialog[open] .sp-wallet__card');
    if (live && seen.liveAt === undefined) {
      seen.liveAt = performance.now();
      seen.liveCard = box(live);
      seen.snapStillThereAtLive = Boolean(s);
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

async function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => (window as unknown as { __inst: Seen }).__inst);
}

/** Installs the worker, signs in, opens the wallet and waits until its snapshot is saved. */
async function visitWallet(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await signInFast(page, email);
  await page.goto('/#/wallet');
  await expect(page.getByRole('dialog').locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });
  // Saved a couple of seconds after the list is on screen (and on hide / page leave).
  await page.waitForFunction((k) => localStorage.getItem(k) !== null, WALLET_KEY, { timeout: 10_000 });
}

/** Edits storage from a static page of the same origin (leaving the app saves a fresh snapshot on
 *  pagehide, which would overwrite an edit made while it runs), then opens the app at `url`. */
async function withStored(page: Page, key: string, value: string, url: string): Promise<void> {
  await page.goto('/bench-static.html');
  await page.evaluate(({ k, v }) => localStorage.setItem(k, v), { k: key, v: value });
  await page.goto(url);
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(recorder);
});

test('offline restart: the wallet card snapshot shows first, then the live card replaces it in place', async ({ page, context }) => {
  await visitWallet(page, USER_A);
  const saved = await page.evaluate((k) => JSON.parse(localStorage.getItem(k)!), WALLET_KEY);
  expect(saved.html).toContain('sp-wallet__card');
  expect(saved.html.length).toBeLessThanOrEqual(60_000);
  expect(saved.html).not.toMatch(/\sid="/); // no duplicate ids in the page
  expect(saved.owner).toBe(await page.evaluate(() => localStorage.getItem('socialpay.instant.owner')));
  expect(saved.build).toBe(await page.evaluate(() => document.documentElement.dataset.build));

  await goOffline(context);
  await page.reload();
  const live = page.getByRole('dialog').locator('.sp-wallet__card').first();
  await expect(live).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#sp-instant')).toHaveCount(0);

  const s = await seen(page);
  expect(s.snapAt, 'the snapshot was shown').toBeDefined();
  expect(s.screen).toBe('wallet');
  expect(s.ariaHidden).toBe('true');
  expect(s.inert).toBe(true);
  expect(s.ids).toBe(0);
  expect(s.snapCard, 'the snapshot shows a wallet card').toBeTruthy();
  expect(s.liveAt).toBeDefined();
  expect(s.snapAt!).toBeLessThan(s.liveAt!);
  // The live card appears exactly when the snapshot goes (same mutation batch), never both or neither.
  expect(s.snapStillThereAtLive).toBe(false);
  expect(s.goneAt).toBeDefined();
  expect(s.liveAt! - s.goneAt!).toBeLessThan(1);
  // Same place, same size, same text: no layout shift when swapped.
  expect(s.liveCard).toEqual(s.snapCard);

  // The live card works: a tap opens it (with its barcode).
  await live.click();
  await expect(page.getByRole('dialog').getByRole('img', { name: /^Barcode / })).toBeVisible({ timeout: 20_000 });
});

test('not shown on another route, nor for another build, nor after logout or for another user', async ({ page }) => {
  await visitWallet(page, USER_A);
  const savedA = await page.evaluate((k) => localStorage.getItem(k)!, WALLET_KEY);

  // Another route: no snapshot.
  await page.goto('/#/menu');
  await page.reload();
  await expect(page.getByRole('dialog').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  expect((await seen(page)).snapAt).toBeUndefined();

  // A snapshot from another build is ignored.
  await withStored(page, WALLET_KEY, JSON.stringify({ ...JSON.parse(savedA), build: 'an-older-build' }), '/#/wallet');
  await expect(page.getByRole('dialog').locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });
  expect((await seen(page)).snapAt).toBeUndefined();

  // The current build's snapshot is shown (control for the two checks above).
  await withStored(page, WALLET_KEY, savedA, '/#/wallet');
  await expect(page.getByRole('dialog').locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });
  expect((await seen(page)).snapAt).toBeDefined();

  // Logout deletes every snapshot.
  await page.goto('/#/settings');
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/#\/start$/);
  expect(await page.evaluate(({ a, b }) => [localStorage.getItem(a), localStorage.getItem(b)], { a: WALLET_KEY, b: SHOP_KEY })).toEqual([null, null]);
  expect(await page.evaluate(() => localStorage.getItem('socialpay.instant.owner'))).toBe('visitor');

  // Another user signs in; even if user A's snapshot were still stored, B never sees it.
  await signInFast(page, USER_B);
  await page.goto('/#/wallet');
  await expect(page.getByRole('dialog').locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });
  const ownerB = await page.evaluate(() => localStorage.getItem('socialpay.instant.owner'));
  expect(ownerB).not.toBeNull();
  expect(ownerB).not.toBe(JSON.parse(savedA).owner);
  await withStored(page, WALLET_KEY, savedA, '/#/wallet');
  await expect(page.getByRole('dialog').locator('.sp-wallet__card').first()).toBeVisible({ timeout: 20_000 });
  expect((await seen(page)).snapAt).toBeUndefined();
});
