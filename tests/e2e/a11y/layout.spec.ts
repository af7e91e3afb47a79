// Reflow, zoom, text spacing and target size on every screen (WCAG 1.4.10, 1.4.4, 1.4.12, 2.5.8):
// at 320 CSS px (a small phone, or 400 % zoom) nothing sticks out and the page never scrolls sideways,
// and every target is at least 24×24 px; at 200 % zoom with WCAG's text-spacing overrides and at
// 200 % text size no text is cut off either. One pass over all screens per setting keeps it quick.
import type { Page } from '@playwright/test';
import { expect, signInFast, test } from '../support/fixtures';
import { clippedText, openScreen, reflowProblems, smallTargets, TEXT_SPACING_CSS, userScreensWithIds, VISITOR_SCREENS } from '../support/a11y';
import { USERS } from '../support/users';

type Check = (page: Page) => Promise<string[]>;

/** Runs the checks on every visitor screen, then signs in and runs them on every user screen. */
async function everyScreen(page: Page, checks: Record<string, Check>, setup?: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  const visit = async (path: string) => {
    await openScreen(page, path);
    await setup?.();
    for (const [name, check] of Object.entries(checks)) for (const p of await check(page)) problems.push(`${path} ${name}: ${p}`);
  };
  for (const path of VISITOR_SCREENS) await visit(path);
  await signInFast(page, USERS.a11y);
  for (const path of await userScreensWithIds(page)) await visit(path);
  return problems;
}

test.describe('320 CSS px wide', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test('every screen reflows without sideways scrolling and every target is at least 24×24 px', async ({ page, pageErrors }) => {
    test.setTimeout(240_000);
    const problems = await everyScreen(page, { reflow: reflowProblems, target: smallTargets });
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('the header keeps its account and menu buttons on screen, and the footer too', async ({ page }) => {
    await page.goto('/');
    for (const name of ['Log in', 'Open menu', 'Search']) {
      const box = await page.getByRole('banner').getByRole('button', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width, `${name} inside the viewport`).toBeLessThanOrEqual(320);
    }
    const wallet = await page.getByRole('navigation', { name: 'Quick links' }).getByRole('button', { name: 'Wallet' }).boundingBox();
    expect(wallet!.x + wallet!.width).toBeLessThanOrEqual(320);
  });

  test('the header menu closes with Escape (focus back on its button) and when the header search is used', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    const menu = page.locator('#mobile-menu');
    await banner.getByRole('button', { name: 'Open menu', exact: true }).click();
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Wallet' }).focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(banner.getByRole('button', { name: 'Open menu', exact: true })).toBeFocused();
    await expect(banner.getByRole('button', { name: 'Open menu', exact: true })).toHaveAttribute('aria-expanded', 'false');

    await banner.getByRole('button', { name: 'Open menu', exact: true }).click();
    await expect(menu).toBeVisible();
    await banner.getByRole('navigation').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('searchbox').first()).toBeFocused();
  });
});

test.describe('200 % zoom with text spacing', () => {
  // A 1280×800 window at 200 % zoom: 640×400 CSS px at two device pixels each.
  test.use({ viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 });

  test('every screen reflows and keeps all text with WCAG text-spacing overrides', async ({ page, pageErrors }) => {
    test.setTimeout(240_000);
    const spacing = () => page.addStyleTag({ content: TEXT_SPACING_CSS }).then(() => undefined);
    const problems = await everyScreen(page, { reflow: reflowProblems, clipped: clippedText }, spacing);
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

test.describe('200 % text size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every screen keeps all text without sideways scrolling when the text is twice as large', async ({ page }) => {
    test.setTimeout(240_000);
    // The browser's text size setting: the root font size doubles, and everything in rem and em with it.
    const bigText = () => page.addStyleTag({ content: 'html { font-size: 200% !important; }' }).then(() => undefined);
    const problems = await everyScreen(page, { reflow: reflowProblems, clipped: clippedText }, bigText);
    expect(problems).toEqual([]);
    // The text really is twice as large.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('32px');
  });
});

test.describe('320 CSS px with 200 % text, in Dutch', () => {
  // A small phone whose owner set large text: beyond WCAG 1.4.10 (320 px at normal text), but people do.
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  /** One-word labels broken over lines: a text node of the label drawn on more than one line. */
  const brokenLabels = (page: Page, selector: string) =>
    page.locator(selector).evaluateAll((els) =>
      els.flatMap((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const out: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || /\s/.test(node.textContent.trim())) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) out.push(`"${node.textContent.trim()}" on ${lines.size} lines`);
        }
        return out;
      }),
    );

  test('the header, the search, the menu and the footer keep their words whole and nothing scrolls sideways', async ({ page }) => {
    await signInFast(page, USERS.a11y);
    const bigText = () => page.addStyleTag({ content: 'html { font-size: 200% !important; }' }).then(() => undefined);
    await page.goto('/#/nl');
    await expect(page.locator('.sp-tile').first()).toBeVisible();
    await bigText();
    expect(await reflowProblems(page)).toEqual([]);
    expect(await brokenLabels(page, '.app-header .lang-button, .mobile-footer button span, .sp-search__submit')).toEqual([]);
    // The search field keeps room to type in (the button goes under it).
    const field = await page.locator('#shop-search-input').boundingBox();
    expect(field!.width).toBeGreaterThan(200);
    for (const path of ['/nl/menu', '/nl/settings']) {
      await openScreen(page, path);
      await bigText();
      expect(await reflowProblems(page), path).toEqual([]);
      expect(await brokenLabels(page, 'dialog[open] .lang-button'), path).toEqual([]);
      // The topbar's logo shows its whole name or only its mark, never a cut name.
      expect(await page.locator('dialog[open] .screen-topbar-logo').evaluate((el) => el.scrollWidth - el.clientWidth), path).toBeLessThanOrEqual(1);
      // Every row of the list is whole inside the screen (a long word wraps inside it).
      const cut = await page.locator('dialog[open] .menu-item').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > 321).map((el) => el.textContent?.trim()));
      expect(cut, path).toEqual([]);
    }
  });
});

test.describe('a 390 px phone, in Dutch', () => {
  test.use({ viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true });

  test("the shop's top tiles break no word in two ('cadeaukaart' did)", async ({ page }) => {
    await page.goto('/#/nl');
    const tile = page.locator('.sp-feature-tile--gift');
    await expect(tile).toContainText('cadeaukaart');
    await expect(tile.locator('.sp-feature-tile__sub')).not.toHaveClass(/pending/);
    const broken = await page.locator('.sp-feature-tile').evaluateAll((els) =>
      els.flatMap((el) => {
        const out: string[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const m of node.textContent!.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(m[0]);
          }
        }
        return out;
      }),
    );
    expect(broken).toEqual([]);
  });
});
