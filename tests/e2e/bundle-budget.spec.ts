// Bundle budget: the first-paint JS of the shop page (what dist/index.html loads and preloads, plus
// their static imports). Reads dist/ (or BUNDLE_DIST_DIR, else E2E_DIST_DIR), so it belongs to the e2e
// stage (npm run test:e2e builds first); without a build it fails with a clear message, it never skips.
//
// RATCHET, not the target: the 130 KB gzip target (JS_BUDGET_BYTES) is missed. With the first-paint
// modules in one chunk the shop's first paint measured 139.7 KB (2026-11-21); 138.6 KB after the screen
// modal's frame went lazy and the use-sync-external-store shim and the modulepreload polyfill went out;
// 139.4 KB on main with the other session-2 changes (boot prefetch, first render as a transition);
// 140.6 KB after session 3 (Intl-free number formatting, the shop-mount and row-image hooks); 143.0 KB after session 4.
// Most of it is required packages: react-dom 62 KB + TanStack Router 26 KB + i18next/react-i18next 18 KB + TanStack Query 11 KB
// (see tests/bench/RESULTS.md). The enforced budget is that measurement rounded up to the next whole KB
// + 2–3 KB, so the bundle cannot grow back unnoticed; lower it whenever the bundle shrinks, down to
// JS_BUDGET_BYTES. (i18next and react-i18next are required packages: replacing them with a hand-written
// runtime to meet the number was tried and reverted.)
import { expect, test } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { firstPaintFiles, JS_BUDGET_BYTES } from '../bench/bundle-size.mjs';

// 142.7 KB (146,116 B) on main 2026-11-26 after issue 18's round two: its additions paid for by moving the
// quiet-period wait and the update card to lazy chunks (144.8 KB), then the outbox's engine and the
// features' outbox operations to a lazy chunk (src/offline/outbox-lazy.ts) → 144 KB.
// Before: 143.0 KB on main 2026-11-25 (session 4: dialog focus and announcer, page footer, offline status on every
// screen, outbox operations registered at boot) → 144 KB. 144.2 KB with issue 17's shopping trips and
// reward paths (main was at 143.95: two route entries, the outbox's trip and claim kinds, their lazily
// loaded sender) → 145 KB. Issue 18 takes it down to the 130 KB target.
// 145.1 KB (148,573 B) on main 2026-11-27 after session 8 merged nine branches (+2,195 B from 146,378 B),
// spread over what the boot itself needs: the real-path list the router and worker share, the sign-in
// journey flags and pending intent in the route guards, the screen-visit consent check, the sort choice,
// and the restored-cache guard → 146 KB. Issue 30 is to win it back (its target is app − floor ≤ 12.6 KB).
// 149.3 KB (152,865 B) on main 2026-11-28 (session 16): the entry is unchanged (149,458 B); index.html now
// names the English boot translations (3,407 B), which the first render always waited for in every
// language, as a modulepreload so they load beside the entry (vite.config.ts, preloadBootStrings). The
// bytes before the first paint are the same; this count sees them now → 150 KB.
// 150.4 KB (154,024 B) on main 2026-11-28 (session 18): +460 B for the saved picture of the wallet an
// installed start shows before the app has started (src/app/saved-screen.ts). It must run before the
// first paint, so it cannot be a lazy chunk; the offline first wallet card measured 227 → 172 and
// 311 → 151 ms with it (tests/bench/RESULTS.md section 9) → 151 KB.
// 151.9 KB (155,549 B) on main 2026-11-29 (session 19): the count now includes index.html's inline
// script, the early start (1,244 B gzip alone; vite.config.ts, earlyStart): the boot's IndexedDB reads
// and the wallet's saved picture start while the entry is still downloading. The entry keeps the same
// steps for a page where the script did not run (+184 B, with the installed-start check). Offline first wallet card, painted (Element
// Timing), alternated: 180 → 140 and 236 → 144 ms (section 9) → 152 KB.
// 152.0 KB (155,687 B, +113 B) on main 2026-11-29 (session 20): fixes in parts the first paint draws, which
// cannot be lazy: the header menu closes with Escape, Home on the shop goes to its top while a screen
// keeps the shop's place (the router no longer scrolls the window), the screen's dialog opens in the
// commit → 153 KB.
// 153.4 KB (157,115 B, +469 B) on main 2026-11-29 (session 24), in parts the first paint draws: the browser's
// Back closes the header's phone menu (the history entry itself is a lazy chunk, src/lib/back-closes.ts,
// asked for when the menu opens), the shop notes its history entries for a screen's X (the note is in the
// lazy screen-trail chunk), brand tiles are links, the shop keeps its search text and gift-card filter for
// a reload, a tab telling the others of a change made online (http.ts's write hook), the menu closing on a
// tap outside (focus back on its button) and the language list opening on a tap → 154 KB.
// 151.1 KB (154,693 B, −2,674 B) on main 2026-11-29 (session 26): the offline boot (worker registration,
// saved query cache; src/app/offline-boot.ts) is a lazy chunk a first visit loads after its first screen
// (an installed start asks for it at once). Lighthouse wallet LCP, in turn with the code before: −95 and
// −73 ms (medians of 7, 10 of 14 pairs better; tests/bench/RESULTS.md section 9) → 152 KB. 154,785 B with
// sign-out's clean-up of the saved pictures and cache where that chunk cannot load (+92 B).
const RATCHET_BYTES = 152 * 1024;
const ENFORCED_BYTES = Math.max(RATCHET_BYTES, JS_BUDGET_BYTES);

test('first-paint JS of the shop page stays within its ratchet budget (target 130 KB gzip missed)', () => {
  const dist = resolve(process.env.BUNDLE_DIST_DIR ?? process.env.E2E_DIST_DIR ?? 'dist');
  expect(existsSync(resolve(dist, 'index.html')), `${dist}/index.html is missing: run \`npm run build\` first`).toBe(true);
  const fp = firstPaintFiles(dist);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const list = [...fp.js].sort((a, b) => b.gzip - a.gzip).map((f) => `  ${kb(f.gzip).padStart(9)}  ${f.href}`).join('\n');
  expect(fp.jsGzip, `first-paint JS is ${kb(fp.jsGzip)} gzip, budget ${kb(ENFORCED_BYTES)} (target ${kb(JS_BUDGET_BYTES)}):\n${list}`).toBeLessThanOrEqual(ENFORCED_BYTES);
});

test('the frame every screen opens in is one lazy chunk, not five (a start onto a screen fetches fewer files)', () => {
  const dist = resolve(process.env.BUNDLE_DIST_DIR ?? process.env.E2E_DIST_DIR ?? 'dist');
  const assets = readdirSync(resolve(dist, 'assets'));
  expect(assets.filter((n) => /^screen-frame-.*\.js$/.test(n))).toHaveLength(1);
  expect(assets.filter((n) => /^(screen-modal|modal|screen-header|button|links)-.*\.js$/.test(n))).toEqual([]);
});

test('the offline boot (worker registration, saved query cache) is one lazy chunk, never first-paint JS', () => {
  const dist = resolve(process.env.BUNDLE_DIST_DIR ?? process.env.E2E_DIST_DIR ?? 'dist');
  const assets = readdirSync(resolve(dist, 'assets'));
  expect(assets.filter((n) => /^offline-boot-.*\.js$/.test(n))).toHaveLength(1);
  expect(assets.filter((n) => /^(register-sw|query-persist)-.*\.js$/.test(n))).toEqual([]);
  expect(firstPaintFiles(dist).js.map((f) => f.href).filter((h) => /offline-boot/.test(h))).toEqual([]);
});

test('the barcode generator (bwip-js) is a lazy chunk, never first-paint JS', () => {
  const dist = resolve(process.env.BUNDLE_DIST_DIR ?? process.env.E2E_DIST_DIR ?? 'dist');
  expect(readdirSync(resolve(dist, 'assets')).filter((n) => /^barcode-draw-.*\.js$/.test(n))).toHaveLength(1);
  expect(firstPaintFiles(dist).js.map((f) => f.href).filter((h) => /barcode-draw/.test(h))).toEqual([]);
});
