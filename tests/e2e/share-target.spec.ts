// Share → SocialPay (issue 19): the manifest's share_target action opens the shared shop's brand,
// offline too from the saved catalogue; a non-partner and hostile input open the shop search with a
// friendly line; a visitor signs in to shop and comes back to the brand.
import type { APIRequestContext, Page } from '@playwright/test';
import { signInFast, test, waitForWorker, expect, expectNoA11yViolations } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { savedQueryCache } from './support/saved-cache';
import { DEMO_PASSWORD, USERS, uniqueEmail } from './support/users';

const API = '/api/v1.0';
const PASSWORD = 'share-pass-2026';

interface PartnerBrand {
  id: number;
  name: string;
  site: string;
}

async function createUser(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('share');
  const visitor = await (await request.post('/oauth/v2/token', { data: { grant_type: 'client_credentials', scope: 'ios' } })).json();
  const headers = { Authorization: `Bearer ${visitor.access_token}` };
  const countries = await (await request.get(`${API}/site/countries`, { headers })).json();
  const res = await request.post(`${API}/application-users`, {
    headers,
    data: { first_name: 'Sam', last_name: 'Share', email, password: PASSWORD, password_confirmation: PASSWORD, country_id: (countries.results ?? countries)[0].id, currency: 'EUR' },
  });
  expect(res.status()).toBe(201);
  return email;
}

async function brandByName(request: APIRequestContext, name: string): Promise<PartnerBrand> {
  const res = await request.get(`${API}/site/corporate-partners/by-name/${encodeURIComponent(name)}`);
  expect(res.ok()).toBe(true);
  return res.json();
}

/** The share action as the browser opens it for Share → SocialPay (GET, the manifest's params). */
function shareUrl(fields: { url?: string; text?: string; title?: string }, lang: 'en' | 'nl' = 'en'): string {
  return `${lang === 'nl' ? '/nl' : ''}/share-target?${new URLSearchParams({ url: fields.url ?? '', text: fields.text ?? '', title: fields.title ?? '' })}`;
}

/** The brand's detail screen with its reward and SHOP, at a clean address (no shared text left in it). */
async function expectBrandOpen(page: Page, brand: PartnerBrand): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^https?://[^/]+/#/corporate/${brand.id}$`), { timeout: 20_000 });
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: brand.name, exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByText('back when you shop through SocialPay')).toBeVisible();
  await expect(dialog.locator('.sp-brand__reward').first()).toHaveText(/\d/);
  await expect(dialog.getByRole('button', { name: 'SHOP', exact: true })).toBeEnabled();
}

test('a visitor shares a partner page: its brand opens, SHOP asks to sign in, and signing in comes back to it', async ({ page, request, pageErrors }) => {
  const list = await (await request.get(`${API}/site/corporate-partners/all?limit=1&offset=0`)).json();
  const brand = await brandByName(request, list.results[0].name);

  await page.goto(shareUrl({ url: `https://www.${brand.site}/products/42?utm_source=app` }));
  await expectBrandOpen(page, brand);

  await page.getByRole('dialog').getByRole('button', { name: 'SHOP', exact: true }).click();
  const start = page.getByRole('dialog');
  await expect(start.getByRole('heading', { name: 'Welcome to SocialPay' })).toBeVisible();
  await start.getByRole('link', { name: 'log in', exact: true }).click();
  await start.getByLabel('Email').fill(USERS.demo);
  await start.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await start.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectBrandOpen(page, brand);
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Buy a gift card' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('offline, a link inside shared text (a subdomain of the site) opens the brand from the saved catalogue; the app badge counts the change waiting', { tag: '@worker' }, async ({ page, context, request }) => {
  // The Badging API's calls, observed (the real ones still run where the browser has them).
  await page.addInitScript(() => {
    const nav = navigator as Navigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
    const calls: unknown[][] = [];
    (window as unknown as { __badge: unknown[][] }).__badge = calls;
    const set = nav.setAppBadge?.bind(nav);
    const clear = nav.clearAppBadge?.bind(nav);
    nav.setAppBadge = (n?: number) => (calls.push(['set', n]), set ? set(n).catch(() => undefined) : Promise.resolve());
    nav.clearAppBadge = () => (calls.push(['clear']), clear ? clear().catch(() => undefined) : Promise.resolve());
  });
  const badgeCalls = () => page.evaluate(() => (window as unknown as { __badge: unknown[][] }).__badge);
  await page.goto('/');
  await waitForWorker(page);
  await signInFast(page, await createUser(request), PASSWORD);
  const firstTile = page.locator('#main .sp-row .sp-tile__name').first();
  await expect(firstTile).toBeVisible({ timeout: 20_000 });
  const brand = await brandByName(request, (await firstTile.innerText()).trim());
  // The shop's rows are in the user's saved query cache (its writes are throttled) before the network goes.
  await expect
    .poll(async () => {
      // The signed-in user's copy (the visitor's, saved before signing in, holds the same rows).
      const saved = await savedQueryCache(page);
      const owner = saved.last;
      return JSON.stringify((typeof owner === 'string' && owner.startsWith('user:') ? saved[owner] : undefined) ?? null).includes(brand.site);
    })
    .toBe(true);

  await goOffline(context);
  // A host the saved catalogue does not hold cannot be checked offline: the app says so, never "no partner".
  await page.goto(shareUrl({ url: 'https://www.unknown-offline.example/shoes' }));
  await expect(page.locator('#main .sp-notice')).toHaveText(
    "You are offline, so we couldn't check unknown-offline.example. Share it again when you are back online.",
    { timeout: 20_000 },
  );
  await page.goto(shareUrl({ text: `Look at these shoes! https://shop.${brand.site}/sale/shoes?id=7 Sent from my phone`, title: 'Shoes' }));
  await expectBrandOpen(page, brand);

  // Followed offline: one change waits, and the icon says so; back online it syncs and the badge goes.
  const follow = page.getByRole('dialog').getByRole('button', { name: `Follow ${brand.name}` });
  await follow.click();
  await expect(follow).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(badgeCalls).toContainEqual(['set', 1]);
  await goOnline(context);
  await expect(follow.getByText('(waiting to sync)')).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await badgeCalls()).at(-1)).toEqual(['clear']);
});

test('a non-partner and hostile input open the shop search with a friendly line, in English and Dutch', async ({ page, pageErrors }) => {
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  const search = page.getByRole('searchbox', { name: /Search brands|Merken zoeken/ });
  const line = page.locator('#main .sp-notice');

  await page.goto(shareUrl({ url: 'https://www.not-a-partner.example/shoes' }));
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/#\/\?shared=not-a-partner\.example$/);
  await expect(search).toHaveValue('not-a-partner.example');
  await expect(line).toHaveText("We don't partner with not-a-partner.example yet.");
  await expect(line).toHaveAttribute('role', 'status');
  await expectNoA11yViolations(page, 'share without a partner (en)');

  // javascript: and data: links and 10 kB of text go nowhere: no link, said so.
  await page.goto(shareUrl({ url: 'javascript:alert(document.domain)', title: 'data:text/html,<script>alert(1)</script>', text: 'x'.repeat(10_000) }));
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/#\/\?shared=$/);
  await expect(line).toHaveText('There was no shop link in what you shared.');
  await expect(search).toHaveValue('');

  await page.goto(shareUrl({ text: 'Kijk eens https://fabrikam.example.com/jassen' }, 'nl'));
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/#\/nl\?shared=fabrikam\.example\.com$/);
  await expect(search).toHaveValue('fabrikam.example.com');
  await expect(line).toHaveText('We werken nog niet samen met fabrikam.example.com.');
  await expectNoA11yViolations(page, 'share without a partner (nl)');
  expect(dialogs).toBe(0);
  expect(pageErrors).toEqual([]);
});

test('the install: share target and launch handler, screenshots of the right sizes, installable; a Dutch session gets the Dutch manifest', { tag: '@worker' }, async ({ page, context }) => {
  await page.goto('/');
  await waitForWorker(page);
  const cdp = await context.newCDPSession(page);
  const installable = async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');

  const en = await cdp.send('Page.getAppManifest');
  expect(en.url).toMatch(/\/manifest\.webmanifest$/);
  expect(en.errors).toEqual([]);
  const manifest = JSON.parse(en.data!);
  expect(manifest.share_target).toEqual({ action: '/share-target', method: 'GET', enctype: 'application/x-www-form-urlencoded', params: { url: 'url', text: 'text', title: 'title' } });
  expect(manifest.launch_handler).toEqual({ client_mode: 'navigate-existing' });
  // Screenshots for phones and for wide screens, labelled, each a real image of its stated size within
  // Chromium's limits for the richer install dialog (320…3840 px a side, at most 2.3:1).
  const screenshots = manifest.screenshots as Array<{ src: string; sizes: string; form_factor: string; label: string }>;
  expect([...new Set(screenshots.map((s) => s.form_factor))].sort()).toEqual(['narrow', 'wide']);
  for (const shot of screenshots) {
    expect(shot.label).toBeTruthy();
    const [width, height] = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = new URL(src, location.origin).href;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, shot.src);
    expect(`${width}x${height}`, shot.src).toBe(shot.sizes);
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(320);
    expect(Math.max(width, height)).toBeLessThanOrEqual(3840);
    expect(Math.max(width, height) / Math.min(width, height)).toBeLessThanOrEqual(2.3);
    expect(shot.form_factor === 'wide' ? width > height : height > width, shot.src).toBe(true);
  }
  expect(await installable()).toEqual([]);

  // Dutch: the page links the Dutch manifest; installing it gives a Dutch app that opens in Dutch.
  await page.goto('/#/nl');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.nl.webmanifest');
  await expect.poll(async () => (await cdp.send('Page.getAppManifest')).url).toMatch(/\/manifest\.nl\.webmanifest$/);
  const nl = await cdp.send('Page.getAppManifest');
  expect(nl.errors).toEqual([]);
  const dutch = JSON.parse(nl.data!);
  expect(dutch).toMatchObject({ id: '/', lang: 'nl', start_url: '/#/nl', share_target: { action: '/nl/share-target' } });
  expect(dutch.description).toMatch(/^Shop bij partnermerken/);
  expect(dutch.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['Portemonnee', '/#/nl/wallet'],
    ['Winkelen', '/#/nl'],
  ]);
  expect(dutch.screenshots.map((s: { label: string }) => s.label)).toContain('Een merk met zijn beloning en de knop SHOP');
  expect(await installable()).toEqual([]);
});
