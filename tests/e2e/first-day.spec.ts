// A new member's first day (issue 33): what a visitor was doing survives sign-up, offline screens with
// nothing saved say so, search folds every Latin letter and suggests near matches, the welcome bonus
// says what it is, choosing a reward target is one control, and the card number never wraps inside a group.
import type { Page } from '@playwright/test';
import { expectAnnounced } from './support/a11y';
import { expect, signInFast, test } from './support/fixtures';
import { goOffline, goOnline } from './support/network';
import { createAccount, uniqueEmail, userEmail } from './support/users';
import { walletItems } from './support/wallet-api';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Where each group of the card number and the Copy button are drawn. */
function numberLayout(page: Page) {
  return page.getByRole('dialog').locator('dd', { has: page.getByRole('button', { name: /Copy card number|Kaartnummer kopiëren/ }) }).evaluate((dd) => {
    const button = dd.querySelector('button')!;
    const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const groups: { text: string; lines: number; top: number; right: number }[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (button.contains(n)) continue;
      const text = n.textContent ?? '';
      for (const m of text.matchAll(/\S+/g)) {
        range.setStart(n, m.index!);
        range.setEnd(n, m.index! + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        groups.push({ text: m[0], lines: new Set(rects.map((r) => Math.round(r.top))).size, top: rects[0]!.top, right: rects[rects.length - 1]!.right });
      }
    }
    const b = button.getBoundingClientRect();
    return { groups, button: { top: b.top, bottom: b.bottom, left: b.left } };
  });
}

test.describe('wallet card number (point 10)', () => {
  for (const [name, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    test(`${name}: the card number never breaks inside a group and Copy stays beside it`, async ({ page }) => {
      await page.setViewportSize(size);
      const email = userEmail('demo');
      await signInFast(page, email);
      // The longest number is the one most likely to wrap.
      const item = (await walletItems(page, email)).sort((a, b) => b.card_number.length - a.card_number.length)[0]!;
      await page.goto(`/#/wallet/${item.id}`);
      await expect(page.getByRole('dialog').getByRole('heading', { level: 1 })).toHaveText(item.corporate_partner.name);
      const { groups, button } = await numberLayout(page);
      expect(groups.map((g) => g.text).join('')).toBe(item.card_number.replace(/\s+/g, ''));
      for (const g of groups) expect(g.lines, `group ${g.text} on one line`).toBe(1);
      // One line for the whole number, with Copy on that line, right after it.
      expect(new Set(groups.map((g) => Math.round(g.top))).size).toBe(1);
      const last = groups[groups.length - 1]!;
      expect(last.top).toBeGreaterThanOrEqual(button.top - 8);
      expect(last.top).toBeLessThanOrEqual(button.bottom);
      expect(button.left).toBeGreaterThan(last.right);
    });
  }
});

test.describe('search (point 4)', () => {
  const T = {
    en: { results: /Results for/, near: 'Did you mean…', none: 'No brands found for “zoneveld”. Did you mean Café Zonneveld' },
    nl: { results: /Resultaten voor/, near: 'Bedoelde je…', none: 'Geen merken gevonden voor “zoneveld”. Bedoelde je Café Zonneveld' },
  } as const;
  for (const lang of ['en', 'nl'] as const) {
    test(`${lang}: folds ø and offers the near match of a misspelt brand`, async ({ page, pageErrors }) => {
      await page.setViewportSize(PHONE);
      await page.goto(lang === 'nl' ? '/#/nl/' : '/#/');
      const search = page.locator('#shop-search-input');
      const results = page.getByRole('region', { name: T[lang].results });

      await search.fill('smorrebrod');
      await expect(results.getByText('Smørrebrød Huis', { exact: true })).toBeVisible();

      for (const typo of ['zoneveld', 'zonevelt']) {
        await search.fill(typo);
        const near = page.getByRole('region', { name: T[lang].near });
        await expect(near.getByRole('listitem').first()).toContainText('Café Zonneveld');
      }
      await search.fill('zoneveld');
      await expectAnnounced(page, T[lang].none);
      // The suggestion is a brand like any result: it opens (a visitor is asked to sign in first).
      await page.getByRole('region', { name: T[lang].near }).getByRole('listitem').first().getByRole('button').first().click();
      await expect(page).toHaveURL(new RegExp(`#${lang === 'nl' ? '/nl' : ''}/start`));
      expect(pageErrors).toEqual([]);
    });
  }
});

test.describe('offline with nothing saved (point 3)', () => {
  const T = {
    en: { title: 'Not available offline yet', wallet: 'Your wallet, with your gift cards for the till', walletTitle: 'Wallet' },
    nl: { title: 'Nog niet offline beschikbaar', wallet: 'Je portemonnee, met je cadeaukaarten voor de kassa', walletTitle: 'Portemonnee' },
  } as const;
  for (const lang of ['en', 'nl'] as const) {
    test(`${lang}: unvisited screens (a brand, transactions, a reward target) say so within 2 s and lead to the wallet`, async ({ page, context, request }) => {
      await page.setViewportSize(PHONE);
      const p = lang === 'nl' ? '/nl' : '';
      const email = uniqueEmail('offline-unsaved');
      await createAccount(request, email, 'offline-pass-1');
      await page.goto('/');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
      await signInFast(page, email, 'offline-pass-1');
      // Only the wallet visited (opened as the first screen).
      await page.goto('about:blank');
      await page.goto(`/#${p}/wallet`);
      await expect(page.getByRole('dialog').getByRole('heading', { level: 1 })).toHaveText(T[lang].walletTitle);
      await goOffline(context);

      // Favorites is saved with the shop (its row fetches the same list), so it opens offline from that;
      // these three were never fetched.
      for (const path of ['/corporate/77', '/transactions', '/set-target/13']) {
        await page.evaluate((hash) => (location.hash = hash), `#${p}${path}`);
        const dialog = page.getByRole('dialog');
        // Within about two seconds, instead of a spinner that never ends.
        await expect(dialog.getByTestId('offline-unavailable').getByText(T[lang].title, { exact: true }), path).toBeVisible({ timeout: 2_500 });
        await expectAnnounced(page, T[lang].title);
        await expect(dialog.getByRole('status', { name: /Loading|Laden/ })).toHaveCount(0);
      }
      await page.getByRole('dialog').getByRole('link', { name: T[lang].wallet }).click();
      await expect(page).toHaveURL(new RegExp(`#${p}/wallet$`));
      await expect(page.getByRole('dialog').getByRole('heading', { level: 1 })).toHaveText(T[lang].walletTitle);
      await goOnline(context);
    });
  }
});

test.describe('welcome bonus (point 7)', () => {
  const T = {
    en: { text: 'Welcome bonus for joining', type: 'Ambassador' },
    nl: { text: 'Welkomstbonus voor je aanmelding', type: 'Ambassadeur' },
  } as const;
  for (const lang of ['en', 'nl'] as const) {
    test(`${lang}: a new account's +500 row and its detail say what it is`, async ({ page, request }) => {
      await page.setViewportSize(PHONE);
      const email = uniqueEmail('welcome');
      await createAccount(request, email, 'welcome-pass-1');
      await signInFast(page, email, 'welcome-pass-1');
      const p = lang === 'nl' ? '/nl' : '';
      await page.goto(`/#${p}/transactions`);
      const row = page.getByRole('dialog').locator('[data-testid="transaction"][data-type="signup"]');
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('transaction-type')).toHaveText(T[lang].type); // the type stays as the spec names it
      await expect(row).toContainText(T[lang].text);
      await expect(row.getByTestId('transaction-points')).toContainText('500');
      await row.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`#${p}/transactions/\\d+$`));
      await expect(page.getByRole('dialog').getByRole('heading', { level: 2, name: T[lang].type })).toBeVisible();
      await expect(page.getByRole('dialog').getByText(T[lang].text, { exact: true })).toBeVisible();
    });
  }
});
