// Helpers for the accessibility specs (tests/e2e/a11y): where focus is, keyboard walks, announcements.
import { expect, type Locator, type Page } from '@playwright/test';

export interface FocusInfo {
  tag: string;
  name: string;
  /** Inside the topmost open dialog (or no dialog is open). */
  inTopDialog: boolean;
  ring: boolean;
  id: string;
  className: string;
}

/** The focused element: its tag, accessible-ish name, whether it is in the top dialog and shows a ring. */
export function focused(page: Page): Promise<FocusInfo> {
  return page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    const dialogs = Array.from(document.querySelectorAll('dialog[open]'));
    const top = dialogs[dialogs.length - 1];
    const style = a ? getComputedStyle(a) : null;
    return {
      tag: a?.tagName ?? '',
      name: (a?.getAttribute('aria-label') || a?.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 60),
      inTopDialog: !top || (!!a && top.contains(a)),
      ring: !!style && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
      id: a?.id ?? '',
      className: typeof a?.className === 'string' ? a.className : '',
    };
  });
}

/** Presses Tab (or Shift+Tab) until `match` holds for the focused element; fails after `max` presses. */
export async function tabTo(page: Page, match: (f: FocusInfo) => boolean, opts: { max?: number; back?: boolean } = {}): Promise<FocusInfo> {
  for (let i = 0; i < (opts.max ?? 60); i++) {
    await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
    const f = await focused(page);
    if (match(f)) return f;
  }
  throw new Error(`focus never reached the target; last: ${JSON.stringify(await focused(page))}`);
}

/** Waits until the screen's title (h1 in the screen modal) with this text has focus: the new screen's
 *  title, not the previous screen's one (same id) still in place while the next screen's chunk loads. */
export async function expectTitleFocused(page: Page, name: string | RegExp): Promise<void> {
  const title = page.getByRole('dialog').locator('#screen-title').filter({ hasText: name });
  await expect(title).toBeFocused();
  await expect(title).toHaveText(name);
}

/** The live regions of the page and of every open dialog (the announcer writes to the topmost). */
export function announcements(page: Page, politeness: 'polite' | 'assertive' = 'polite'): Locator {
  return page.locator(`[data-live="${politeness}"]`);
}

/**
 * Asserts `text` was announced (it stays in its live region for 10 s). Matched line by line: a region
 * holds every message of the last 10 s, so an anchored pattern would not match the region's whole text.
 */
export async function expectAnnounced(page: Page, text: string | RegExp, politeness: 'polite' | 'assertive' = 'polite'): Promise<void> {
  await expect(announcements(page, politeness).locator('p').filter({ hasText: text }).first()).toBeAttached();
}

/** The visitor's screens and, after sign-in, the user's: every screen of the app (ids found through the UI). */
export const VISITOR_SCREENS = ['/', '/start', '/sign-in', '/sign-up', '/forgot-password', '/faq', '/terms', '/accessibility', '/corporate/82', '/corporate/82/slider'];
export const USER_SCREENS = ['/menu', '/settings', '/edit-profile', '/interests', '/welcome', '/delete-account', '/my-impact', '/transactions', '/favorites', '/ambassador', '/calculator', '/investment', '/gift-card', '/gift-card/1', '/set-target', '/wallet', '/trips'];

/** Screens whose path needs an id from the user's data: a wallet card, a reward target and its project, a transaction. */
export async function userScreensWithIds(page: Page): Promise<string[]> {
  await page.goto('/#/wallet');
  const card = page.getByRole('dialog').locator('.sp-wallet__card').first();
  await card.click();
  await page.waitForURL(/#\/wallet\/\d+/);
  const walletCard = new URL(page.url()).hash.slice(1);
  await page.goto('/#/set-target');
  const href = await page.getByRole('dialog').locator('a[data-target-id]').first().getAttribute('href');
  const id = /set-target\/(\d+)/.exec(href ?? '')?.[1];
  expect(id, 'a reward target to open').toBeTruthy();
  await page.goto('/#/transactions');
  const txHref = await page.getByRole('dialog').getByTestId('transaction').first().getByRole('link').getAttribute('href');
  const tx = /#(\/transactions\/\d+)$/.exec(txHref ?? '')?.[1];
  expect(tx, 'a transaction to open').toBeTruthy();
  return [...USER_SCREENS, walletCard, `/set-target/${id}`, `/project/${id}`, `/project/${id}/sponsor`, tx!];
}

/** Opens a screen and waits until it has rendered its title (or the shop its heading). */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(`/#${path}`);
  if (path === '/') await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  else await expect(page.getByRole('dialog').locator('#screen-title')).toBeVisible();
  // Loading done (a screen that keeps a spinner is still checked, as it is).
  await expect(page.locator('.spinner-ring')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
}

/**
 * What breaks reflow on the current page: sideways scrolling of the page, and visible content that
 * sticks out of the viewport (content inside a sideways scroller, like a row of tiles, is fine).
 */
export function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw + 1) out.push(`page is ${document.documentElement.scrollWidth}px wide in a ${vw}px viewport`);
    const dialogs = Array.from(document.querySelectorAll('dialog[open]'));
    const root = dialogs[dialogs.length - 1] ?? document.body;
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || (r.right <= vw + 1 && r.left >= -1)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('.visually-hidden, .sp-visually-hidden, [aria-hidden="true"]')) continue;
      // Inside a sideways scroller (or anything that clips sideways) that itself fits: reachable by scrolling it.
      let clipped = false;
      for (let p = el.parentElement; p && p !== root.parentElement && !clipped; p = p.parentElement) {
        if (getComputedStyle(p).overflowX === 'visible') continue;
        const pr = p.getBoundingClientRect();
        clipped = pr.right <= vw + 1 && pr.left >= -1;
      }
      if (clipped) continue;
      const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''}`;
      out.push(`${name} spans ${Math.round(r.left)}..${Math.round(r.right)}px`);
      if (out.length > 8) break;
    }
    return out;
  });
}

/** Text cut off by a box too small for it (fixed heights, overflow hidden): what text spacing breaks. */
export function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const dialogs = Array.from(document.querySelectorAll('dialog[open]'));
    const root = dialogs[dialogs.length - 1] ?? document.body;
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(el);
      if (style.overflowY !== 'hidden' && style.overflowY !== 'clip') continue;
      if (!el.textContent?.trim() || el.closest('.visually-hidden, .sp-visually-hidden, .tx-visually-hidden')) continue;
      // Collapsed on purpose behind a 'more' button (aria-expanded) that shows the rest.
      if (/collapsed/.test(String(el.className))) continue;
      if (el.getClientRects().length === 0 || el.clientHeight < 2) continue;
      if (el.scrollHeight > el.clientHeight + 2) out.push(`${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')}: ${el.scrollHeight}px of text in ${el.clientHeight}px`);
    }
    return out;
  });
}

/** WCAG 1.4.12's text-spacing overrides (the bookmarklet's values). */
export const TEXT_SPACING_CSS = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/**
 * Interactive targets smaller than 24×24 CSS px in the top dialog (or the page): links inside a
 * sentence are exempt (WCAG 2.5.8 'inline'), and so are disabled controls and the browser's own.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const dialogs = Array.from(document.querySelectorAll('dialog[open]'));
    const root = dialogs[dialogs.length - 1] ?? document.body;
    const sel = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link], [tabindex]:not([tabindex="-1"])';
    for (const el of Array.from(root.querySelectorAll<HTMLElement>(sel))) {
      if ((el as HTMLButtonElement).disabled || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || el.closest('[hidden], .visually-hidden, .sp-visually-hidden')) continue;
      // A control drawn by its label (opacity 0 over it): the label is the target.
      const target = style.opacity === '0' && el.closest('label') ? el.closest('label')! : el;
      if (el.tagName === 'A' && style.display === 'inline') {
        const parentText = (el.parentElement?.textContent ?? '').trim();
        if (parentText.length > (el.textContent ?? '').trim().length) continue;
      }
      const r = target.getBoundingClientRect();
      if (r.width < 23.5 || r.height < 23.5) {
        const label = (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40);
        out.push(`${label} (${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join('.')}) ${r.width.toFixed(1)}×${r.height.toFixed(1)}`);
      }
    }
    return out;
  });
}
