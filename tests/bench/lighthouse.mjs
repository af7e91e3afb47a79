// Bench 2 — Lighthouse (default mobile config: Moto G-class emulation, simulated slow 4G and 4× CPU)
// on the shop page as a visitor and on the wallet (#/wallet) as the demo user, driving the local
// Chromium through chrome-launcher. The wallet run signs in by storing tokens and user the way the app does
// (IndexedDB 'socialpay-session'), through Playwright on the same Chrome over CDP, then clears the
// service worker, caches and every other database so it is still a cold load.
// Five rounds by default (BENCH_LH_RUNS), each in a fresh Chrome; medians against the targets (≥ 98, LCP ≤ 2.0 s).
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHROME_FLAGS, CHROMIUM, kb, ms, printTable, result, TMP } from './lib/env.mjs';
import { signInInPage } from './lib/sign-in.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];

/** One audit; the report goes to .tmp/bench/lighthouse-<name>.json (also used by floor.mjs). */
export async function audit(port, url, { keepStorage = false, name = keepStorage ? 'wallet' : 'shop' } = {}) {
  const r = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: keepStorage });
  const lhr = r.lhr;
  mkdirSync(TMP, { recursive: true });
  writeFileSync(resolve(TMP, `lighthouse-${name}.json`), r.report);
  // BENCH_LH_TRACE=1 also keeps the run's Chrome trace (open it in DevTools' Performance panel).
  if (process.env.BENCH_LH_TRACE) {
    const trace = r.artifacts?.Trace ?? r.artifacts?.traces?.defaultPass;
    if (trace) writeFileSync(resolve(TMP, `lighthouse-${name}.trace.json`), JSON.stringify(trace));
  }
  if (lhr.runtimeError) throw Object.assign(new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`), { code: lhr.runtimeError.code });
  const score = (k) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
  const num = (k) => lhr.audits[k]?.numericValue;
  // What cost points (score < 1) in accessibility and best practices, and the main perf opportunities.
  const lost = [];
  for (const k of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[k].auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1) {
        const items = (a.details?.items ?? []).slice(0, 4).map((it) => it.node?.snippet ?? it.description ?? it.source ?? JSON.stringify(it).slice(0, 160));
        lost.push(`${k}: ${a.id} — ${a.title}${items.map((i) => `\n      ${String(i).slice(0, 200)}`).join('')}`);
      }
    }
  }
  for (const ref of lhr.categories.performance.auditRefs) {
    const a = lhr.audits[ref.id];
    if (ref.weight > 0 && a.score !== null && a.score < 0.9) lost.push(`performance: ${a.id} = ${a.displayValue ?? a.score}`);
  }
  // Every script the page fetched during the run (transfer size: gzip as served), including the
  // locale chunks and lazy route chunks that index.html does not name.
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  // A cold load fetches its document from the server. 0 bytes means a worker or cache answered: refuse.
  const doc = requests.find((i) => i.resourceType === 'Document');
  if (!doc || !(doc.transferSize > 0)) throw new Error(`lighthouse: ${url} was not a cold load (document served by a worker or cache)`);
  const scripts = requests.filter((i) => i.resourceType === 'Script');
  return {
    url,
    scriptBytes: scripts.reduce((n, i) => n + (i.transferSize ?? 0), 0),
    scriptCount: scripts.length,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: num('largest-contentful-paint'),
    fcp: num('first-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    lost,
  };
}

export async function signInKeepingOnlySession(port, base) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = browser.contexts()[0] ?? (await browser.newContext());
  const page = await context.newPage();
  // A static page of the origin, not the app: the app registers its worker after the load event, which
  // could land after the clean-up below and serve the "cold" wallet run from its precache.
  await page.goto(base + '/bench-static.html');
  await signInInPage(page, { email: 'demo@socialpay.test', coldStart: true, withUser: true });
  // And the HTTP cache, so the wallet run fetches its scripts like a first visit.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  await page.close();
  // Detach Playwright without closing the browser chrome-launcher owns.
  await browser.close().catch(() => {});
}

/**
 * An audit in a fresh Chrome (chrome-launcher), tried once more when Lighthouse fails to record the
 * load (NO_NAVSTART and the like: seen at load 4+, not a property of the page).
 */
export async function auditInFreshChrome(url, { prepare, ...options } = {}) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROME_FLAGS, '--headless=new'] });
    try {
      if (prepare) await prepare(chrome.port);
      return await audit(chrome.port, url, options);
    } catch (err) {
      if (attempt >= 2 || !err.code) throw err;
      console.warn(`[bench] lighthouse ${err.code} on ${url}; trying once more`);
    } finally {
      await chrome.kill();
    }
  }
}

/** Runs per page (issue 18: the median of five). BENCH_LH_RUNS overrides. */
export const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 5));
/** Which pages to audit (comma-separated, for quicker A/B runs): shop, wallet. */
const PAGES = (process.env.BENCH_LH_PAGES ?? 'shop,wallet').split(',');
export const median = (xs) => {
  const a = [...xs].sort((x, y) => x - y);
  return a.length % 2 ? a[(a.length - 1) / 2] : (a[a.length / 2 - 1] + a[a.length / 2]) / 2;
};

export async function run(ctx) {
  const app = await ctx.appServer();
  const runs = { shop: [], wallet: [] };
  // A fresh Chrome per audit: each one is a cold load in a clean profile.
  const signIn = (port) => signInKeepingOnlySession(port, app.url);
  for (let i = 0; i < RUNS; i++) {
    if (PAGES.includes('shop')) runs.shop.push({ name: 'shop (visitor)', ...(await auditInFreshChrome(`${app.url}/`)) });
    if (PAGES.includes('wallet')) {
      runs.wallet.push({ name: 'wallet (demo user)', ...(await auditInFreshChrome(`${app.url}/#/wallet`, { keepStorage: true, prepare: signIn })) });
    }
  }
  const all = [...runs.shop, ...runs.wallet];
  printTable(
    ['page', 'performance', 'accessibility', 'best practices', 'FCP', 'LCP', 'TBT', 'CLS', 'JS fetched'],
    all.map((r) => [r.name, r.performance, r.accessibility, r.bestPractices, ms(r.fcp), ms(r.lcp), ms(r.tbt), r.cls.toFixed(3), `${kb(r.scriptBytes)} in ${r.scriptCount} files`]),
  );
  for (const r of all) if (r.lost.length) console.log(`${r.name} — below full marks:\n  ${r.lost.join('\n  ')}`);
  ctx.figures.lcp = Object.fromEntries(Object.entries(runs).filter(([, list]) => list.length).map(([page, list]) => [page, median(list.map((r) => r.lcp))]));
  return Object.values(runs).filter((list) => list.length).flatMap((list) => {
    const name = list[0].name;
    const perf = median(list.map((r) => r.performance));
    const lcp = median(list.map((r) => r.lcp));
    const worst = (k) => Math.min(...list.map((r) => r[k]));
    return [
      result('lighthouse', `${name} performance, median of ${list.length}`, `${perf} (${list.map((r) => r.performance).join(', ')})`, '≥ 98', perf >= 98),
      result('lighthouse', `${name} LCP, median`, `${ms(lcp)} (${list.map((r) => ms(r.lcp)).join(', ')})`, '≤ 2.0 s', lcp <= 2000),
      result('lighthouse', `${name} accessibility, lowest`, String(worst('accessibility')), '100', worst('accessibility') === 100),
      result('lighthouse', `${name} best practices, lowest`, String(worst('bestPractices')), '100', worst('bestPractices') === 100),
      result('lighthouse', `${name} FCP / TBT / CLS, median`, `${ms(median(list.map((r) => r.fcp)))} / ${ms(median(list.map((r) => r.tbt)))} / ${median(list.map((r) => r.cls)).toFixed(3)}`),
      result('lighthouse', `${name} JS fetched (gzip, all files)`, `${kb(list[0].scriptBytes)} in ${list[0].scriptCount} files`),
    ];
  });
}
