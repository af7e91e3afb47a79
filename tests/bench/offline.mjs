// Bench 3 — offline start. After an online visit as the demo user (worker installed and in control,
// query cache persisted), the context goes offline and every request the worker makes is cut
// (context.route), so all answers come from the precache and IndexedDB. Measured from navigation
// start: the first brand tile (shop) and the first wallet card (#/wallet), beside the first
// contentful paint of a static page precached by the same worker (public/bench-static.html).
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROMIUM, ms, percentile, printTable, result, TMP } from './lib/env.mjs';
import { signInInPage } from './lib/sign-in.mjs';

export const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 7);
const TILE = '.sp-tile';
const CARD = '.sp-wallet__card';

// Runs in every page before its scripts: notes when the first tile / card is painted, from the Element
// Timing API (its renderTime is the frame's presentation, as the static page's first contentful paint
// is). Elements are marked in the mutation's own microtask, before any frame could paint them. The start
// of the frame that paints it (its requestAnimationFrame time, this bench's measure until 2026-11-29) is
// kept as `<key>_frame` for diagnosis: it leaves out the frame's own style, layout and paint work, which
// a large insertion (a saved picture with its rules) makes long. It can be missing: for the picture the
// inline early start puts in while the document is still parsed, that callback was seen never to run.
function marker() {
  const w = window;
  w.__bench = {};
  const want = { tile: '.sp-tile', card: '.sp-wallet__card' };
  new PerformanceObserver((list) => {
    // The earliest painted part (its name, badge or photo); entries of one frame arrive together.
    for (const e of list.getEntries()) {
      const k = e.identifier.replace(/^bench-/, '');
      const at = e.renderTime || e.loadTime;
      if (k in want && at > 0 && !(w.__bench[k] <= at)) w.__bench[k] = at;
    }
  }).observe({ type: 'element', buffered: true });
  // Every match is marked (one hidden or off screen is never painted, so it reports nothing) and the
  // earliest paint wins. No layout is read here: a getBoundingClientRect in the mutation's microtask
  // forced a whole-page layout (~12 ms) into the very start it measures.
  const check = () => {
    for (const [k, sel] of Object.entries(want)) {
      if (w.__bench[k] !== undefined) continue;
      const found = document.querySelectorAll(`${sel}:not([elementtiming])`);
      if (found.length === 0) continue;
      for (const el of found) for (const node of [el, ...el.querySelectorAll('*')]) node.setAttribute('elementtiming', `bench-${k}`);
      if (w.__bench[`${k}_frame`] === undefined) requestAnimationFrame((t) => (w.__bench[`${k}_frame`] ??= t));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

export async function timeTo(context, url, key, waterfall) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction((k) => window.__bench?.[k] !== undefined, key, { timeout: 30_000 });
  const t = await page.evaluate((k) => window.__bench[k], key);
  if (waterfall) {
    // Where the time goes: every resource the page asked for before the mark (all answered by the worker).
    const entries = await page.evaluate((end) => {
      const nav = performance.getEntriesByType('navigation')[0];
      const rows = [{ name: 'document', start: 0, end: nav.responseEnd }];
      for (const r of performance.getEntriesByType('resource')) if (r.startTime < end) rows.push({ name: r.name.replace(location.origin, ''), start: r.startTime, end: r.responseEnd });
      rows.push({ name: 'DOMContentLoaded', start: nav.domContentLoadedEventStart, end: nav.domContentLoadedEventEnd });
      // The app's own boot marks (performance.mark in src/main.tsx), if any.
      for (const m of performance.getEntriesByType('mark')) rows.push({ name: `mark: ${m.name}`, start: m.startTime, end: m.startTime });
      rows.sort((a, b) => a.start - b.start);
      return rows;
    }, t);
    console.log(`Waterfall of ${url} (ms from navigation start; mark at ${t.toFixed(0)} ms):`);
    for (const e of entries) console.log(`  ${e.start.toFixed(0).padStart(5)} → ${e.end.toFixed(0).padStart(5)}  ${e.name}`);
  }
  const fromWorker = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
  await page.close();
  if (!fromWorker) throw new Error(`${url} was not controlled by the service worker`);
  return t;
}

/** A phone-sized context whose pages note the first tile / card frame (marker). */
export async function benchContext(browser) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'allow' });
  await context.addInitScript(marker);
  return context;
}

/** Waits until the worker controls `page` (one reload if its first install took the page's load). */
export async function waitForWorker(page) {
  const controlled = () => page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await controlled().catch(async () => {
    await page.reload();
    await controlled();
  });
}

/** Offline for real: the context's network is off and every request the worker makes is cut. */
export async function goOffline(context) {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function staticFcp(context, url) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const t = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, { timeout: 30_000 });
  const v = await t.jsonValue();
  const ok = await page.evaluate(() => Boolean(navigator.serviceWorker.controller) && document.title.includes('static reference'));
  await page.close();
  if (!ok) throw new Error(`${url} was not served by the worker from its precache (is the static page in the build?)`);
  return v;
}

export async function run(ctx) {
  const app = await ctx.appServer();
  const base = app.url;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const context = await benchContext(browser);
    // Online visit: sign in (tokens stored the way the app does), open the shop and the wallet.
    const page = await context.newPage();
    await page.goto(base + '/');
    await signInInPage(page, { email: 'demo2@socialpay.test', withUser: true });
    await waitForWorker(page);
    // A full load (not a hash change, which would not re-read the stored session).
    await page.goto('about:blank');
    await page.goto(base + '/#/wallet');
    await page.locator(CARD).first().waitFor({ timeout: 90_000 }).catch(async (e) => {
      await page.screenshot({ path: `${TMP}/offline-wallet-failed.png` }).catch(() => {});
      throw new Error(`no wallet card on the online visit (at ${page.url()}): ${(await page.locator('body').innerText()).slice(0, 300)}`, { cause: e });
    });
    await page.goto('about:blank');
    await page.goto(base + '/');
    await page.locator(TILE).first().waitFor({ timeout: 90_000 });
    await page.goto(base + '/bench-static.html');
    await page.waitForTimeout(2000); // let the persister write the query cache to IndexedDB
    await page.close();

    await goOffline(context);

    const stat = [];
    const tile = [];
    const card = [];
    for (let i = 0; i < RUNS; i++) {
      const last = i === RUNS - 1 && process.env.BENCH_WATERFALL === '1';
      // Each app start follows the static page, as the floor's does (floor.mjs): right after the shop's
      // page closed, the wallet's start read IndexedDB behind that page's last cache save (section 9).
      stat.push(await staticFcp(context, base + '/bench-static.html'));
      tile.push(await timeTo(context, base + '/', 'tile', last));
      stat.push(await staticFcp(context, base + '/bench-static.html'));
      card.push(await timeTo(context, base + '/#/wallet', 'card', last));
    }
    await context.close();
    const med = (a) => percentile(a, 50);
    const s = med(stat);
    ctx.figures.offline = { tile: med(tile), card: med(card) };
    const rows = [
      ['static page first paint (worker precache)', ms(s), ms(Math.min(...stat)), ms(Math.max(...stat)), '1.00'],
      ['shop: first brand tile', ms(med(tile)), ms(Math.min(...tile)), ms(Math.max(...tile)), (med(tile) / s).toFixed(2)],
      ['wallet: first wallet card', ms(med(card)), ms(Math.min(...card)), ms(Math.max(...card)), (med(card) / s).toFixed(2)],
    ];
    console.log(`Offline, ${RUNS} runs each (median, min, max), desktop Chromium, no CPU throttling:`);
    printTable(['from navigation to', 'median', 'min', 'max', '÷ static'], rows);
    return [
      result('offline', 'static page first paint', ms(s)),
      result('offline', 'first brand tile (÷ static)', `${ms(med(tile))} (${(med(tile) / s).toFixed(2)}×)`, '≤ 2×', med(tile) / s <= 2),
      result('offline', 'first wallet card (÷ static)', `${ms(med(card))} (${(med(card) / s).toFixed(2)}×)`, '≤ 2×', med(card) / s <= 2),
    ];
  } finally {
    await browser.close();
  }
}
