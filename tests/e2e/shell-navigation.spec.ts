// Deep links, prefixes, the invite path, the modal's backdrop/Escape, unknown routes, FAQ and terms.
import { expect, expectNoA11yViolations, signInFast, test } from './support/fixtures';
import { DEMO_PASSWORD, USERS, uniqueEmail } from './support/users';

test('deep links as a visitor: signed-in screens go to Start, keeping the language', async ({ page }) => {
  await page.goto('/#/nl/wallet');
  await expect(page).toHaveURL(/#\/nl\/start$/);
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Welkom bij SocialPay' })).toBeVisible();
  await page.goto('/#/menu');
  await expect(page).toHaveURL(/#\/start$/);
  await page.goto('/#/no-such-screen');
  await expect(page).toHaveURL(/#\/start$/);
  await page.goto('/#/se/nl/faq');
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Veelgestelde vragen' })).toBeVisible();
});

test('after signing in, the visitor lands on the screen they tried to open', async ({ page }) => {
  await page.goto('/#/nl/settings');
  await expect(page).toHaveURL(/#\/nl\/start$/);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'inloggen' }).click();
  await expect(page).toHaveURL(/#\/nl\/sign-in$/);
  await dialog.getByLabel('E-mailadres').fill(USERS.shell);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/#\/nl\/settings$/);
  await expect(dialog.getByRole('heading', { name: 'Instellingen' })).toBeVisible();
});

test('deep links when signed in: #/nl/wallet lands on the wallet in Dutch, unknown paths on the menu', async ({ page }) => {
  await signInFast(page, USERS.shell);
  await page.goto('/#/nl/wallet');
  await expect(page).toHaveURL(/#\/nl\/wallet$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.goto('/#/start');
  await expect(page).toHaveURL(/#\/menu$/);
  await page.goto('/#/nl/does-not-exist');
  await expect(page).toHaveURL(/#\/nl\/menu$/);
});

test("a screen's back arrow goes back to its parent like the browser's Back, without piling up history", async ({ page }) => {
  await signInFast(page, USERS.shell);
  await page.goto('/#/menu');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'Settings' }).click();
  await dialog.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/#\/edit-profile$/);
  const length = await page.evaluate(() => history.length);
  await dialog.getByRole('button', { name: 'Back' }).first().click();
  await expect(page).toHaveURL(/#\/settings$/);
  // Focus is back on what was opened from Settings, not on its title.
  await expect(dialog.getByRole('link', { name: 'Edit Profile' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Back' }).first().click();
  await expect(page).toHaveURL(/#\/menu$/);
  await expect(dialog.getByRole('link', { name: 'Settings' })).toBeFocused();
  expect(await page.evaluate(() => history.length)).toBe(length);
  // The browser's Back now leaves the menu, instead of reopening Settings.
  await page.goBack();
  await expect(page).not.toHaveURL(/#\/(settings|edit-profile)$/);
  // Opened without its parent before it (a deep link), the arrow still opens the parent.
  await page.goto('/#/edit-profile');
  await dialog.getByRole('button', { name: 'Back' }).first().click();
  await expect(page).toHaveURL(/#\/settings$/);
});

test('an address naming no record says so at once, with no endless spinner', async ({ page }) => {
  await signInFast(page, USERS.shell);
  const dialog = page.getByRole('dialog');
  for (const [path, text] of [
    ['/#/set-target/abc', 'This target could not be loaded.'],
    ['/#/project/abc', 'This project could not be loaded.'],
    ['/#/project/0/sponsor', 'This project could not be loaded.'],
    ['/#/corporate/abc', 'This brand could not be found.'],
    ['/#/nl/corporate/1.5/slider', 'Dit merk is niet gevonden.'],
    ['/#/gift-card/abc', 'This brand could not be found.'],
    ['/#/gift-card/99999999', 'This brand could not be found.'],
  ] as const) {
    await page.goto(path);
    await expect(dialog.getByRole('alert').filter({ hasText: text }), path).toBeVisible({ timeout: 3000 });
    await expect(dialog.locator('.spinner'), path).toHaveCount(0);
  }
});

test('the modal: Escape and a backdrop click return to the root keeping the language', async ({ page }) => {
  await page.goto('/#/nl/faq');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/nl$/);
  await expect(dialog).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#/nl/terms');
  await expect(dialog.getByRole('heading', { name: 'Gebruiksvoorwaarden' })).toBeVisible();
  await page.mouse.click(100, 400); // the backdrop, left of the panel
  await expect(page).toHaveURL(/#\/nl$/);
  // Opening the account button again shows the Start screen (visitor).
  await page.getByRole('banner').getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/#\/nl\/start$/);
});

test('the shop keeps its place while a screen opens and closes; Home on the shop goes to its top', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 800 });
  await page.goto('/');
  await expect(page.locator('.sp-tile').first()).toBeVisible();
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  await page.mouse.wheel(0, 1400);
  await expect.poll(scrollY).toBeGreaterThan(1000);
  const place = await scrollY();

  // A brand tile on screen (a visitor gets the Start screen), closed with Escape: the same place.
  const tile = page.locator('.sp-tile').filter({ visible: true });
  const onScreen = await tile.evaluateAll((els) => els.findIndex((el) => { const r = el.getBoundingClientRect(); return r.top > 80 && r.bottom < 700; }));
  expect(onScreen, 'a tile in view').toBeGreaterThanOrEqual(0);
  await tile.nth(onScreen).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await scrollY(), 'the shop behind the screen did not move').toBe(place);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await scrollY(), 'closed with Escape').toBe(place);

  // Opened from the footer, left with the browser's Back, then with Escape.
  const footer = page.getByRole('navigation', { name: 'Quick links' });
  await footer.getByRole('button', { name: 'Wallet' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await scrollY(), 'closed with Back').toBe(place);
  await footer.getByRole('button', { name: 'Wallet' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').press('Escape');
  expect(await scrollY()).toBe(place);

  // Home on the shop itself: to the top.
  await footer.getByRole('button', { name: 'Home' }).click();
  await expect.poll(scrollY).toBe(0);
});

test('a screen opened from a scrolled screen starts at its top; Back returns to the place left', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 700 });
  await signInFast(page, USERS.shell);
  await page.goto('/#/menu');
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('#screen-title')).toBeFocused();
  const content = dialog.locator('.screen-content');
  await content.hover();
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  const place = await content.evaluate((el) => el.scrollTop);
  await dialog.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Settings', level: 1 })).toBeFocused();
  expect(await content.evaluate((el) => el.scrollTop)).toBe(0);
  await expect(dialog.getByRole('heading', { name: 'Settings', level: 1 })).toBeInViewport();

  // Settings scrolled too, then Back: the Menu where it was left; Forward: Settings where it was left.
  await content.hover();
  await page.mouse.wheel(0, 400);
  await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  const settingsPlace = await content.evaluate((el) => el.scrollTop);
  await page.goBack();
  await expect(dialog.getByRole('link', { name: 'Settings', exact: true })).toBeVisible();
  await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(place);
  await page.goForward();
  await expect(dialog.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect.poll(() => content.evaluate((el) => el.scrollTop)).toBe(settingsPlace);
});

test('FAQ and Terms carry the product facts, collapsible, in both languages', async ({ page }) => {
  await page.goto('/#/faq');
  const dialog = page.getByRole('dialog');
  for (const s of ['General', 'Transactions', 'Pension account', 'Ambassador']) await expect(dialog.getByRole('heading', { name: s })).toBeVisible();
  const q = dialog.getByText('Why is my reward still pending?');
  await q.click();
  await expect(dialog.getByText(/90-120 days/)).toBeVisible();
  await expectNoA11yViolations(page, 'faq');
  await page.goto('/#/terms');
  await expect(dialog.getByText(/at least 18 years old/)).toBeVisible();
  await expect(dialog.getByText(/5% per month/)).toBeVisible();
  await expect(dialog.getByText(/Dutch law/)).toBeVisible();
  await expectNoA11yViolations(page, 'terms');
  await page.goto('/#/nl/terms');
  await expect(dialog.getByText(/Nederlands recht/)).toBeVisible();
});

test('/invite/{code} gets #/menu, keeps the code and sends it as referrer_code at sign-up', async ({ page, request }) => {
  // The ambassador whose code we use.
  const token = await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: USERS.shell, password: DEMO_PASSWORD, scope: 'ios' } })).json();
  const me = await (await request.get('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${token.access_token}` } })).json();
  const code: string = me.ambassador_code;
  expect(code).toMatch(/^[A-Za-z0-9]{5}$/);

  await page.goto(`/invite/${code}`);
  await expect(page).toHaveURL(/\/#\/start$/); // #/menu, and Start for a visitor; the invite path leaves the address
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`code ${code}`)).toBeVisible();
  await expectNoA11yViolations(page, 'start with invite');

  await dialog.getByLabel('Country of residence').selectOption({ label: 'Netherlands' });
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  const email = uniqueEmail('invitee');
  await dialog.getByLabel('First name').fill('Invited');
  await dialog.getByLabel('Last name').fill('Friend');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('invited-pass-1');
  await dialog.getByLabel('Confirm password').fill('invited-pass-1');
  await dialog.getByLabel('I accept the Terms of Use').check();
  await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).toHaveURL(/#\/finish-sign-up$/);

  const t2 = await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: email, password: 'invited-pass-1', scope: 'ios' } })).json();
  const invitee = await (await request.get('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${t2.access_token}` } })).json();
  expect(invitee.referrer_code).toBe(code);
});

// Issue 32: a remembered way back serves only the sign-in or sign-up it was saved for.
for (const earlier of ['a signed-in screen', "a brand's Follow button"] as const) {
  test(`an invite sign-up after ${earlier} sent the visitor to Start in the same tab ends on the Menu`, async ({ page, request }) => {
    const token = await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: USERS.shell, password: DEMO_PASSWORD, scope: 'ios' } })).json();
    const me = await (await request.get('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${token.access_token}` } })).json();
    const dialog = page.getByRole('dialog');

    if (earlier === 'a signed-in screen') {
      await page.goto('/#/wallet');
    } else {
      await page.goto('/#/brand/Groenhuis');
      await dialog.getByRole('button', { name: /Follow/ }).click();
    }
    await expect(page).toHaveURL(/#\/start$/);

    // Later, in the same tab: the invite link.
    await page.goto(`/invite/${me.ambassador_code}`);
    await expect(page).toHaveURL(/#\/start$/);
    await expect(dialog.getByText(`code ${me.ambassador_code}`)).toBeVisible();
    await dialog.getByLabel('Country of residence').selectOption({ label: 'Netherlands' });
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await dialog.getByLabel('First name').fill('Invited');
    await dialog.getByLabel('Last name').fill('Later');
    await dialog.getByLabel('Email').fill(uniqueEmail('invite-later'));
    await dialog.getByLabel('Password', { exact: true }).fill('invited-pass-1');
    await dialog.getByLabel('Confirm password').fill('invited-pass-1');
    await dialog.getByLabel('I accept the Terms of Use').check();
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/#\/finish-sign-up$/);
    await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
    // Never the earlier screen: the optional welcome step (issue 33) for a member with nothing pending,
    // whose Skip leads to the Menu, or the Menu itself.
    await expect(page).toHaveURL(/#\/(welcome|menu)$/);
    if (page.url().endsWith('/welcome')) await dialog.getByRole('button', { name: 'Skip for now' }).click();
    await expect(page).toHaveURL(/#\/menu$/);
    await expect(dialog.getByRole('navigation', { name: 'Menu' })).toBeVisible();
  });
}

test('the header: language switcher opens on hover and keyboard, keeps the screen; footer search focuses the search box', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const switcher = page.getByRole('banner').locator('.lang-switcher');
  await switcher.hover();
  await expect(switcher.getByRole('button', { name: 'NEDERLANDS' })).toBeVisible();
  await page.mouse.move(5, 700);
  await expect(switcher.getByRole('button', { name: 'NEDERLANDS' })).toBeHidden();
  await switcher.getByRole('button', { name: /Choose language/ }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(switcher.getByRole('button', { name: 'ENGLISH', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(switcher.getByRole('button', { name: 'NEDERLANDS' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/nl$/);
  // Focus stays on the switcher (the chosen option went with its list), now named in Dutch.
  await expect(switcher.getByRole('button', { name: /Kies een taal/ })).toBeFocused();
  // The same inside a screen, and choosing the language already shown keeps focus there too.
  await page.goto('/#/nl/faq');
  // The screen moves focus to its title as it opens: only then is focus the test's to place.
  await expect(page.getByRole('dialog').locator('#screen-title')).toBeFocused();
  const inScreen = page.getByRole('dialog').locator('.lang-switcher');
  await inScreen.getByRole('button', { name: /Kies een taal/ }).focus();
  // The list moves focus to its first option a task after the key: wait for it before the next key.
  await page.keyboard.press('ArrowDown');
  await expect(inScreen.getByRole('button', { name: 'ENGLISH', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(inScreen.getByRole('button', { name: 'NEDERLANDS', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(inScreen.getByRole('button', { name: /Kies een taal/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(inScreen.getByRole('button', { name: 'ENGLISH', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/faq$/);
  await expect(inScreen.getByRole('button', { name: /Choose language/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await page.goto('/#/nl');
  // Dutch category names (name_nld) on the shop page.
  await expect(page.getByRole('main').getByRole('button', { name: 'Mode', exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'shop (nl)');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('navigation', { name: 'Snelkoppelingen' }).getByRole('button', { name: 'Zoeken' }).click();
  await expect(page.locator('#shop-search-input')).toBeFocused();
});

test('a refused token refresh logs out to the Start screen', async ({ page }) => {
  await page.goto('/');
  // A session whose tokens the server no longer accepts (e.g. revoked elsewhere).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const open = indexedDB.open('socialpay-session');
        open.onupgradeneeded = () => open.result.createObjectStore('session');
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite');
          tx.objectStore('session').put({ access_token: 'revoked', refresh_token: 'revoked', expires_at: Date.now() + 60_000 }, 'tokens');
          tx.oncomplete = () => resolve();
        };
      }),
  );
  await page.goto('about:blank');
  await page.goto('/#/nl/menu');
  await expect(page).toHaveURL(/#\/nl\/start$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Inloggen' })).toBeVisible();
});

test('a hash change while the app is still starting is followed (the screen asked for last is shown)', async ({ page }) => {
  // Hold the FAQ screen's chunk: the boot waits for the opening screen before its first render.
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/assets/faq-screen-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const faqAsked = page.waitForRequest('**/assets/faq-screen-*.js');
  await page.goto('/#/faq', { waitUntil: 'commit' });
  await faqAsked;
  await page.evaluate(() => (window.location.hash = '#/terms'));
  release();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText(/terms/i);
  await expect(page).toHaveURL(/#\/terms$/);
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });

  test('a tap opens the language list and a tap on a language switches', async ({ page }) => {
    await page.goto('/');
    await page.locator('.sp-tile').first().waitFor();
    // A mouse used on the way (a phone with a mouse, or a laptop's touch screen) left its pointer elsewhere.
    await page.mouse.move(200, 500);
    const switcher = page.getByRole('banner').locator('.lang-switcher');
    await switcher.getByRole('button', { name: /Choose language/ }).tap();
    await expect(switcher.getByRole('button', { name: 'NEDERLANDS' })).toBeVisible();
    // Still open a moment later (a finger's enter and leave events closed it at once).
    await page.waitForTimeout(300);
    await expect(switcher.getByRole('button', { name: 'NEDERLANDS' })).toBeVisible();
    await switcher.getByRole('button', { name: 'NEDERLANDS' }).tap();
    await expect(page).toHaveURL(/#\/nl$/);
  });
});
