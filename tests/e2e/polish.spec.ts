// Issue 16, rough edges a new user meets: language through the payment round trip, money written once,
// the offline status on every screen, row and chip scrolling, the wallet card inside the screen frame,
// text-free brand pictures, returning after sign-in, and the invite path leaving the address.
// Fresh users for purchases (uniqueEmail); the read-only demo user for everything else.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, signInFast, test } from './support/fixtures';
import { buyGiftCard } from './support/gift-card';
import { DEMO_PASSWORD, USERS, uniqueEmail } from './support/users';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'polish-pass-2026';

/**
 * The first category row's first tile, pinned by its brand id. Rows load independently (each when near
 * the screen), so "the first tile on the page" can be a lower row's until the first row's brands arrive.
 */
async function firstRowTile(page: Page): Promise<{ tile: Locator; id: string }> {
  const first = page.locator('main section.sp-row[data-category-id]').first().locator('.sp-tile').first();
  const id = (await first.getAttribute('data-brand-id'))!;
  return { tile: page.locator(`main section.sp-row .sp-tile[data-brand-id="${id}"]`).first(), id };
}

async function createUser(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('polish');
  const visitor = await (await request.post('/oauth/v2/token', { data: { grant_type: 'client_credentials', scope: 'ios' } })).json();
  const countries = await (await request.get('/api/v1.0/site/countries', { headers: { Authorization: `Bearer ${visitor.access_token}` } })).json();
  const country = (countries.results ?? countries)[0];
  const res = await request.post('/api/v1.0/application-users', {
    headers: { Authorization: `Bearer ${visitor.access_token}` },
    data: { first_name: 'Pim', last_name: 'Polish', email, password: PASSWORD, password_confirmation: PASSWORD, country_id: country.id, currency: 'EUR' },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** Opens the gift card screen, enters an amount and pays on the sandbox page (or cancels). */
test.describe('2, 3: language through the payment round trip; money once', () => {
  test('a Dutch user pays on a Dutch sandbox page and comes back to the Dutch wallet; cancelling too', async ({ page, request, pageErrors }) => {
    await signInFast(page, await createUser(request), PASSWORD);
    await page.goto('/#/nl/gift-card');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Bedrag in euro').fill('25');
    await dialog.getByRole('button', { name: 'Kopen', exact: true }).click();
    await page.waitForURL(/\/sandbox\/pay\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Betaal je cadeaukaart van');
    await expect(page.getByText(/€\s25,00/)).toBeVisible();
    await expectNoA11yViolations(page, 'sandbox payment (nl)');
    await page.getByRole('button', { name: 'Betalen', exact: true }).click();

    await page.waitForURL(/#\/nl\/wallet\?orderId=\d+$/);
    const wallet = page.getByRole('dialog');
    await expect(wallet.getByRole('heading', { level: 1 })).toHaveText('Portemonnee');
    // 10: the ready message names the brand and the amount.
    await expect(wallet.locator('.sp-wallet__ok')).toHaveText(/^Je cadeaukaart van .+ ter waarde van €\s25,00 staat klaar\. Kaart openen$/, { timeout: 20_000 });
    // 3: the amount carries its currency once ("€ 25,00", not "€ 25,00 EUR").
    const balance = wallet.locator('.sp-wallet__card').first();
    await expect(balance).toContainText(/€\s25,00/);
    await expect(balance).not.toContainText('EUR');

    await buyGiftCard(page, '10', { lang: 'nl', finish: 'cancel' });
    await page.waitForURL(/#\/nl\/wallet\?orderId=\d+&status=cancelled$/);
    // The visible line (the announcer's live region holds the same words for a while).
    await expect(page.getByRole('dialog').locator('.sp-wallet__warn')).toHaveText('De betaling is geannuleerd. Er is geen cadeaukaart gekocht.');
    expect(pageErrors).toEqual([]);
  });

  test('an English user stays in English through the payment; balances show one currency', async ({ page, request }) => {
    await signInFast(page, await createUser(request), PASSWORD);
    await buyGiftCard(page, '12.5');
    await expect(page).toHaveURL(/#\/wallet\?orderId=\d+$/);
    const wallet = page.getByRole('dialog');
    await expect(wallet.locator('.sp-wallet__ok')).toHaveText(/^Your €12\.50 .+ gift card is ready\. Open the card$/);
    const cards = wallet.locator('.sp-wallet__card');
    await expect(cards.first()).toContainText('€12.50');
    for (const text of await cards.allInnerTexts()) expect(text).not.toContain('EUR');
    await cards.first().click();
    await expect(page.getByRole('dialog').locator('.sp-walletcard__balance')).toHaveText('€12.50');
  });
});

test.describe('4: the offline status on every screen', () => {
  for (const lang of ['en', 'nl'] as const) {
    test(`phone (${lang}): My Impact and the wallet card say they are offline and how old their figures are`, { tag: '@worker' }, async ({ page, context }) => {
      const nl = lang === 'nl';
      const p = nl ? '/nl' : '';
      await page.setViewportSize(PHONE);
      await signInFast(page, USERS.demo);
      // Seen once online: the wallet and a card, then My Impact.
      const dialog = page.getByRole('dialog');
      await page.goto(`/#${p}/wallet`);
      await dialog.locator('.sp-wallet__card').first().click();
      await expect(dialog.locator('.sp-walletcard__balance')).toBeVisible();
      const cardHash = new URL(page.url()).hash;
      await page.evaluate((hash) => (location.hash = hash), `#${p}/my-impact`);
      await expect(dialog.getByTestId('savings-total')).toHaveText(/€\s?[\d.,]*[1-9]/, { timeout: 20_000 });
      const status = dialog.getByTestId('offline-banner-screen');
      await expect(status).toBeEmpty();

      await context.setOffline(true);
      await expect(status).toContainText(nl ? 'Je bent offline' : 'You are offline');
      await expect(status).toBeInViewport();
      await expect(status.getByTestId('offline-last-updated')).toHaveText(nl ? /^Laatst bijgewerkt \d\d:\d\d$/ : /^Last updated \d\d:\d\d$/);
      await expectNoA11yViolations(page, `my impact offline (${lang})`);

      // The full-screen wallet card (in-app navigation: no reload offline).
      await page.evaluate((hash) => (location.hash = hash), cardHash);
      await expect(dialog.locator('.sp-walletcard__balance')).toBeVisible();
      await expect(status).toContainText(nl ? 'Je bent offline' : 'You are offline');
      await expect(status).toBeInViewport();
      await expect(status.getByTestId('offline-last-updated')).toBeVisible();

      await context.setOffline(false);
      await expect(status).toBeEmpty();
    });
  }
});

test.describe('7, 8: rows, chips and the wallet card', () => {
  /** scrollLeft once smooth scrolling has come to rest. */
  async function restingScroll(track: ReturnType<Page['locator']>): Promise<number> {
    let last = -1;
    for (let i = 0; i < 40; i++) {
      const now = await track.evaluate((el) => el.scrollLeft);
      if (now === last) return now;
      last = now;
      await track.page().waitForTimeout(120);
    }
    return last;
  }

  test('desktop: row arrows move exactly 400 px, target rows 360 px, chips 300 px', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    const fashion = page.locator('main').getByRole('region', { name: 'Fashion', exact: true });
    const track = fashion.getByRole('list');
    await expect(fashion.getByRole('listitem')).toHaveCount(8);
    await fashion.getByRole('button', { name: 'Scroll Fashion forward' }).click();
    expect(await restingScroll(track)).toBe(400);
    await fashion.getByRole('button', { name: 'Scroll Fashion back' }).click();
    expect(await restingScroll(track)).toBe(0);

    const chips = page.getByRole('navigation', { name: 'Categories' });
    const chipTrack = chips.getByRole('list');
    await chips.getByRole('button', { name: 'Scroll Categories forward' }).click();
    expect(await restingScroll(chipTrack)).toBe(300);

    await signInFast(page, USERS.demo);
    await page.goto('/#/set-target');
    const group = page.getByRole('dialog').locator('.tgt-group').filter({ has: page.getByRole('button', { name: /forward/ }) }).first();
    const next = group.getByRole('button', { name: /forward/ });
    await expect(next).toBeEnabled();
    await next.click();
    const targetTrack = group.getByRole('list');
    const maxTarget = await targetTrack.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(await restingScroll(targetTrack)).toBe(Math.min(360, maxTarget));
  });

  for (const lang of ['en', 'nl'] as const) {
    test(`phone (${lang}): the chip bar fades at the edge where more chips are hidden`, async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto(lang === 'nl' ? '/#/nl/' : '/');
      const chips = page.getByRole('navigation', { name: lang === 'nl' ? 'Categorieën' : 'Categories' });
      const bar = chips.locator('.scroller');
      const track = chips.getByRole('list');
      await expect(track.getByRole('button').first()).toBeVisible();
      await expect(bar).toHaveClass(/scroller--more-after/);
      await expect(bar).not.toHaveClass(/scroller--more-before/);
      expect(await track.evaluate((el) => getComputedStyle(el).maskImage)).toContain('gradient');
      // No arrows on a phone: the fade is the hint; swiping to the end moves it to the other edge.
      await expect(chips.getByRole('button', { name: /forward|vooruit/ })).toBeHidden();
      await track.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect(bar).toHaveClass(/scroller--more-before/);
      await expect(bar).not.toHaveClass(/scroller--more-after/);
      await expectNoA11yViolations(page, `chip bar (${lang})`);
    });
  }

  test('desktop: the wallet card stays inside the screen panel, with the top bar and its close button', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInFast(page, USERS.demo);
    await page.goto('/#/wallet');
    const dialog = page.getByRole('dialog');
    await dialog.locator('.sp-wallet__card').first().click();
    await expect(page).toHaveURL(/#\/wallet\/\d+$/);
    const card = dialog.locator('.sp-walletcard');
    await expect(card.locator('.sp-walletcard__balance')).toBeVisible();
    const close = dialog.locator('.screen-topbar').getByRole('button', { name: 'Close' });
    await expect(close).toBeInViewport();
    const panel = (await dialog.locator('.modal-body').boundingBox())!;
    const box = (await card.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(panel.width);
    expect(box.x).toBeGreaterThanOrEqual(panel.x);
    // The shop page still shows beside the panel, and the close button works.
    expect(panel.width).toBeLessThan(DESKTOP.width);
    await expectNoA11yViolations(page, 'wallet card (desktop)');
    await close.click();
    await expect(dialog).toHaveCount(0);
  });
});

test('9: brand photos print no name (the tile shows it beneath)', async ({ page }) => {
  await page.goto('/');
  const withPhoto = page.locator('main .sp-tile').filter({ has: page.locator('img.sp-tile__photo') }).first();
  // Pinned by brand: a row that loads later can put another tile first between the two reads.
  const tile = page.locator(`main .sp-tile[data-brand-id="${await withPhoto.getAttribute('data-brand-id')}"]`).first();
  const src = await tile.locator('img.sp-tile__photo').getAttribute('src');
  const name = (await tile.locator('.sp-tile__name').innerText()).trim();
  const svg = await (await page.request.get(src!)).text();
  expect(svg).not.toMatch(/<text[\s>]/);
  expect(svg).not.toContain(`>${name}<`);
});

test.describe('13: after signing in, a visitor comes back to what they were doing', () => {
  async function logIn(page: Page, lang: 'en' | 'nl') {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: lang === 'nl' ? 'inloggen' : 'log in', exact: true }).click();
    await dialog.getByLabel(lang === 'nl' ? 'E-mailadres' : 'Email').fill(USERS.demo);
    await dialog.getByLabel(lang === 'nl' ? 'Wachtwoord' : 'Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: lang === 'nl' ? 'Inloggen' : 'Log in', exact: true }).click();
  }

  test('phone: a brand tile → Start → log in → that brand\'s gift card', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const { tile, id } = await firstRowTile(page);
    const name = (await tile.locator('.sp-tile__name').innerText()).trim();
    await tile.getByRole('link').first().click();
    await expect(page).toHaveURL(/#\/start$/);
    await logIn(page, 'en');
    await expect(page).toHaveURL(new RegExp(`#/gift-card/${id}$`));
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2, name })).toBeVisible();
  });

  test('desktop (nl): the gift-card tile → Start → log in → the gift card, in Dutch', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/#/nl/');
    await page.getByRole('button', { name: /Koop een cadeaukaart/ }).click();
    await expect(page).toHaveURL(/#\/nl\/start$/);
    await logIn(page, 'nl');
    await expect(page).toHaveURL(/#\/nl\/gift-card$/);
    await expect(page.getByRole('dialog').getByLabel('Bedrag in euro')).toBeVisible();
  });

  test('a brand\'s Follow button → log in → back on that brand', async ({ page }) => {
    await page.goto('/#/brand/Groenhuis');
    await page.getByRole('dialog').getByRole('button', { name: /Follow/ }).click();
    await expect(page).toHaveURL(/#\/start$/);
    await logIn(page, 'en');
    await expect(page).toHaveURL(/#\/brand\/Groenhuis$/);
    await expect(page.getByRole('dialog').getByRole('heading', { level: 1, name: 'Groenhuis' })).toBeVisible();
  });

  test('closing the start screen forgets the way back: a later log-in opens the menu', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await (await firstRowTile(page)).tile.getByRole('link').first().click();
    await expect(page).toHaveURL(/#\/start$/);
    await page.getByRole('dialog').locator('.screen-topbar').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await logIn(page, 'en');
    await expect(page).toHaveURL(/#\/menu$/);
  });
});

test.describe('14: the invite path leaves the address', () => {
  for (const lang of ['en', 'nl'] as const) {
    test(`/${lang === 'nl' ? 'nl/' : ''}invite/{code} opens the start screen at the root and keeps the code (${lang})`, async ({ page, request }) => {
      const token = await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: USERS.demo, password: DEMO_PASSWORD, scope: 'ios' } })).json();
      const me = await (await request.get('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${token.access_token}` } })).json();
      const code: string = me.ambassador_code;
      await page.goto(`${lang === 'nl' ? '/nl' : ''}/invite/${code}`);
      await expect(page).toHaveURL(lang === 'nl' ? /^http:\/\/[^/]+\/#\/nl\/start$/ : /^http:\/\/[^/]+\/#\/start$/);
      await expect(page.getByRole('dialog').getByText(`code ${code}`)).toBeVisible();
      // Later navigation keeps the root path.
      await page.getByRole('dialog').getByRole('link', { name: lang === 'nl' ? 'inloggen' : 'log in', exact: true }).click();
      await expect(page).toHaveURL(/\/#\/(nl\/)?sign-in$/);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => localStorage.getItem('socialpay.invite'))).toBe(code);
    });
  }
});

test.describe('10: gift card amounts, the reward they earn, Buy in view', () => {
  async function brandByName(page: Page, name: string) {
    const res = await page.request.get(`/api/v1.0/site/corporate-partners/by-name/${encodeURIComponent(name)}`);
    return (await res.json()) as { id: number; name: string; giftcard_percent: number; giftcard_type: string };
  }

  test('a fixed reward is at most a tenth of the card, and the line says from which amount it is whole', async ({ page, request }) => {
    await signInFast(page, await createUser(request), PASSWORD);
    const brand = await brandByName(page, 'Eikenschuur');
    expect(brand.giftcard_type).toBe('fixed');
    const full = Math.round(brand.giftcard_percent);
    await page.goto(`/#/gift-card/${brand.id}`);
    const dialog = page.getByRole('dialog');
    const field = dialog.getByLabel('Another amount in euro');
    const earn = dialog.getByTestId('gift-card-earn');
    const note = dialog.getByTestId('gift-card-fixed-from');
    await page.setViewportSize({ width: 320, height: 700 });
    await field.fill('1');
    await expect(earn).toHaveText('You earn 10 points (€0.10) with this card.');
    await expect(note).toHaveText(`The full €${(full / 100).toFixed(2)} reward is for cards from €${(full / 10).toFixed(2)}.`);
    // The field being typed in is not under the sticky Buy area (WCAG 2.4.11).
    const [f, action] = await Promise.all([field.boundingBox(), dialog.locator('.sp-giftcard__action').boundingBox()]);
    expect(f!.y + f!.height).toBeLessThanOrEqual(action!.y);
    await field.fill(String(full / 10));
    await expect(earn).toHaveText(`You earn ${full} points (€${(full / 100).toFixed(2)}) with this card.`);
    await expect(note).toHaveCount(0);
    // With text at 200 % on a 375 px phone, the amount field fits the screen: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 700 });
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    const content = dialog.locator('.screen-content');
    await expect.poll(() => content.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const box = await field.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  });

  for (const lang of ['en', 'nl'] as const) {
    test(`phone (${lang}): presets €10–€100 or another amount, the reward shown, Buy in view on a short screen`, async ({ page, request }) => {
      const nl = lang === 'nl';
      await page.setViewportSize({ width: 390, height: 560 }); // a phone with its keyboard open
      await signInFast(page, await createUser(request), PASSWORD);
      const brand = await brandByName(page, 'Groenhuis');
      expect(brand.giftcard_type).toBe('percentage');
      await page.goto(`/#${nl ? '/nl' : ''}/gift-card/${brand.id}`);
      const dialog = page.getByRole('dialog');
      const presets = dialog.getByRole('group', { name: nl ? 'Kies een bedrag' : 'Choose an amount' });
      const euro = (n: number) => (nl ? `€ ${n}` : `€${n}`);
      for (const n of [10, 25, 50, 100]) await expect(presets.getByRole('radio', { name: euro(n), exact: true })).toBeVisible();
      const buy = dialog.getByRole('button', { name: nl ? 'Kopen' : 'Buy', exact: true });
      await expect(buy).toBeDisabled();
      await expect(buy).toBeInViewport();
      const earn = dialog.getByTestId('gift-card-earn');
      await expect(earn).toHaveText(nl ? 'Kies een bedrag om te zien welke beloning het oplevert.' : 'Choose an amount to see the reward it earns.');

      await presets.getByRole('radio', { name: euro(25), exact: true }).check();
      await expect(dialog.getByLabel(nl ? 'Ander bedrag in euro' : 'Another amount in euro')).toHaveValue('25');
      const points = Math.round((2500 * brand.giftcard_percent) / 100);
      const money = (points / 100).toFixed(2);
      await expect(earn).toHaveText(
        nl ? `Je verdient ${points} punten (€\u00a0${money.replace('.', ',')}) met deze kaart.` : `You earn ${points} points (€${money}) with this card.`,
      );
      await expect(buy).toBeEnabled();
      await expect(buy).toBeInViewport();
      await expectNoA11yViolations(page, `gift card presets (${lang})`);

      // Another amount: no preset is chosen, the reward follows.
      await dialog.getByLabel(nl ? 'Ander bedrag in euro' : 'Another amount in euro').fill('40');
      await expect(presets.getByRole('radio', { checked: true })).toHaveCount(0);
      const p40 = Math.round((4000 * brand.giftcard_percent) / 100);
      await expect(earn).toContainText(String(p40));
      // A decimal comma (what the Dutch hint shows: "12,50") or point, as the person types it.
      await dialog.getByLabel(nl ? 'Ander bedrag in euro' : 'Another amount in euro').fill(nl ? '10,50' : '10.50');
      await expect(earn).toContainText(String(Math.round((1050 * brand.giftcard_percent) / 100)));
      await expect(buy).toBeEnabled();
      // The rule shared with the server: cents only.
      await dialog.getByLabel(nl ? 'Ander bedrag in euro' : 'Another amount in euro').fill(nl ? '12,345' : '12.345');
      await expect(buy).toBeDisabled();
      await dialog.getByLabel(nl ? 'Ander bedrag in euro' : 'Another amount in euro').fill('');
      await presets.getByRole('radio', { name: euro(50), exact: true }).check();

      // Buy stays in view however far the screen is scrolled while the form shows.
      await dialog.locator('.screen-content').evaluate((el) => el.scrollTo({ top: 0 }));
      await expect(buy).toBeInViewport();
      await buy.click();
      await page.waitForURL(/\/sandbox\/pay\//);
      await expect(page.getByText(nl ? /€\s50,00/ : '€50.00')).toBeVisible();
    });
  }
});

test.describe('1, 11, 12: sign-up in the user\'s language, terms first, password rules while typing', () => {
  test('country names follow the language', async ({ page }) => {
    await page.goto('/#/nl/start');
    await expect(page.getByRole('dialog').getByLabel('Land van verblijf').locator('option').nth(1)).toHaveText('Nederland');
    await page.goto('/#/start');
    await expect(page.getByRole('dialog').getByLabel('Country of residence').locator('option').nth(1)).toHaveText('Netherlands');
  });

  for (const lang of ['en', 'nl'] as const) {
    test(`password rules show while typing (${lang})`, async ({ page }) => {
      const nl = lang === 'nl';
      await page.setViewportSize(PHONE);
      await page.goto(`/#${nl ? '/nl' : ''}/sign-up`);
      const dialog = page.getByRole('dialog');
      const length = dialog.locator('.password-rule').filter({ hasText: nl ? 'Minstens 8 tekens' : 'At least 8 characters' });
      const match = dialog.locator('.password-rule').filter({ hasText: nl ? 'Beide wachtwoorden zijn gelijk' : 'Both passwords match' });
      await expect(length).toHaveAttribute('data-met', 'false');
      await expect(match).toHaveAttribute('data-met', 'false');
      const pw = dialog.getByLabel(nl ? 'Wachtwoord' : 'Password', { exact: true });
      await pw.pressSequentially('abc');
      await expect(length).toHaveAttribute('data-met', 'false');
      await pw.pressSequentially('defgh');
      await expect(length).toHaveAttribute('data-met', 'true');
      await expect(length).toContainText(nl ? 'klopt' : 'done');
      await dialog.getByLabel(nl ? 'Bevestig wachtwoord' : 'Confirm password').fill('abcdefgh');
      await expect(match).toHaveAttribute('data-met', 'true');
      // The rules describe the field for screen readers.
      await expect(pw).toHaveAccessibleDescription(nl ? /Minstens 8 tekens/ : /At least 8 characters/);
      await expectNoA11yViolations(page, `sign up rules (${lang})`);
    });
  }

  test('terms are accepted before the account exists; Continue goes on to what the visitor tapped; a finished user is sent on', async ({ page }) => {
    let created = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/application-users$/.test(r.url())) created += 1;
    });
    await page.goto('/');
    const { tile, id } = await firstRowTile(page);
    await tile.getByRole('link').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Country of residence').selectOption({ label: 'Netherlands' });
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await dialog.getByLabel('First name').fill('Tess');
    await dialog.getByLabel('Last name').fill('Terms');
    await dialog.getByLabel('Email').fill(uniqueEmail('terms'));
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByLabel('Confirm password').fill(PASSWORD);
    await expect(dialog.getByRole('link', { name: /Read the Terms of Use/ })).toHaveAttribute('target', '_blank');
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please accept the Terms of Use to create your account');
    expect(created).toBe(0);
    await dialog.getByLabel('I accept the Terms of Use').check();
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/#\/finish-sign-up$/);
    expect(created).toBe(1);
    await expect(dialog.getByRole('button', { name: 'Sign Up', exact: true })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/gift-card/${id}$`));

    // Finish Sign Up is not a screen a signed-in user comes back to.
    await page.goto('/#/finish-sign-up');
    await expect(page).toHaveURL(/#\/menu$/);
  });
});
