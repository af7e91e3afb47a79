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
