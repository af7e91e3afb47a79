// Bench 4 — catalogue scale (BENCH_SCALE_SAMPLES=1 prints every keystroke): a server seeded with 10,000 brands (SEED_BRANDS). In Chromium (desktop
// viewport, no CPU throttling) as a visitor:
//  - keystroke → updated results: each key typed into the shop search, one at a time, timed from the
//    input event to the frame that shows the grid for the new text (heading updated, grid no longer
//    busy). Also reported: the keystroke's own event latency (Event Timing) and the search request time.
//  - long tasks (PerformanceObserver 'longtask') while scrolling the category rows (page scroll that
//    lazily loads rows, then the rows' arrows) and while scrolling a category's virtualised grid,
//    loading more pages as it goes.
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROMIUM, ms, percentile, printTable, result } from './lib/env.mjs';
import { startServer } from './lib/server.mjs';

const BRANDS = Number(process.env.BENCH_SEED_BRANDS ?? 10_000);

function instrument() {
  const w = window;
  const b = (w.__bench = { samples: [], events: [], longtasks: [], pending: null });
  performance.setResourceTimingBufferSize(100_000); // the per-keystroke request figures need every entry
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) b.longtasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) if (e.interactionId) b.events.push({ name: e.name, id: e.interactionId, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  document.addEventListener(
    'input',
    (e) => {
      if (e.target?.id === 'shop-search-input') b.pending = { value: e.target.value.trim(), t0: e.timeStamp };
    },
    true,
  );
  const settled = () => {
    const p = b.pending;
    if (!p) return;
    const heading = document.querySelector('.sp-results h2')?.textContent ?? '';
    const grid = document.querySelector('.sp-results .sp-grid');
    // The grid for the new text is on screen (cached matches while the server answers): first DOM time.
    if (p.value !== '' && p.firstDom === undefined && heading.includes(`“${p.value}”`) && grid) p.firstDom = performance.now();
    const ok = p.value === '' ? !document.querySelector('.sp-results') : heading.includes(`“${p.value}”`) && grid && !grid.hasAttribute('aria-busy') && !grid.querySelector('[role=status]')?.textContent?.includes('…');
    if (!ok) return;
    b.pending = null;
    const t1 = performance.now();
    requestAnimationFrame((t2) => {
      // The search request for this text (when one was made): when it started and ended, from the keystroke.
      const enc = encodeURIComponent(p.value).replace(/%20/g, '+');
      const req = performance.getEntriesByType('resource').filter((r) => r.startTime >= p.t0 - 1 && r.name.includes('filter%5Bname%5D=') && (r.name.includes(`filter%5Bname%5D=${enc}&`) || r.name.endsWith(`filter%5Bname%5D=${enc}`))).pop();
      b.samples.push({ value: p.value, t0: p.t0, dom: t1 - p.t0, frame: t2 - p.t0, first: (p.firstDom ?? t1) - p.t0, items: document.querySelectorAll('.sp-results [role=listitem]').length, reqStart: req ? req.startTime - p.t0 : null, reqEnd: req ? req.responseEnd - p.t0 : null });
    });
  };
  const start = () => new MutationObserver(settled).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-busy'] });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

async function typeAndTime(page, words) {
  const input = page.locator('#shop-search-input');
  for (const word of words) {
    for (let i = 1; i <= word.length; i++) {
      const before = await page.evaluate(() => window.__bench.samples.length);
      await input.press(word[i - 1]);
      await page.waitForFunction((n) => window.__bench.samples.length > n, before, { timeout: 20_000 });
    }
    await input.fill('');
    await page.waitForFunction(() => window.__bench.pending === null, undefined, { timeout: 20_000 });
  }
}

const longOver = (tasks, limit = 50) => tasks.filter((t) => t.duration > limit);

export async function run(ctx) {
  const server = await startServer({ name: 'scale', port: ctx.ports.scale, distDir: ctx.distDir, env: { SEED_BRANDS: String(BRANDS), DEMO_USERS: '1' } });
  const base = server.url;
  const visitor = await (await fetch(`${base}/oauth/v2/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', scope: 'ios' }) })).json();
  const at = async (offset) => (await fetch(`${base}/api/v1.0/site/corporate-partners/all?limit=1&offset=${offset}`, { headers: { authorization: `Bearer ${visitor.access_token}` } })).json();
  const total = (await at(0)).metadata?.total ?? BRANDS;
  // Words to type: the start of real brand names spread over the catalogue, plus a miss.
  const picks = await Promise.all([0.1, 0.35, 0.6, 0.85].map((f) => at(Math.floor(total * f))));
  const words = [...new Set(picks.map((p) => p.results[0].name.toLowerCase().replace(/[^a-z]/g, '').slice(0, 6))), 'zzqx'];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await page.goto(base + '/');
    await page.locator('.sp-tile').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);

    // 1. Search.
    await page.evaluate(() => (window.__bench.events = []));
    const searchStart = await page.evaluate(() => performance.now());
    await typeAndTime(page, words);
    const search = await page.evaluate((t) => ({
      samples: window.__bench.samples,
      events: window.__bench.events,
      requests: performance
        .getEntriesByType('resource')
        .filter((r) => r.startTime > t && /filter%5Bname%5D|filter\[name\]/.test(r.name))
        .map((r) => r.duration),
      longtasks: window.__bench.longtasks.filter((l) => l.start > t),
    }), searchStart);
    const typed = search.samples.filter((s) => s.value !== '');
    const frame = typed.map((s) => s.frame);
    const first = typed.map((s) => s.first);
    if (process.env.BENCH_SCALE_SAMPLES === '1') for (const s of typed) console.log(`  “${s.value}”: results ${s.frame.toFixed(0)} ms, first grid ${s.first.toFixed(0)} ms, ${s.items} items, request ${s.reqStart == null ? 'none' : `${s.reqStart.toFixed(0)} → ${s.reqEnd.toFixed(0)} ms`}`);
    const perInteraction = new Map();
    for (const e of search.events) perInteraction.set(e.id, Math.max(perInteraction.get(e.id) ?? 0, e.duration));
    const inp = [...perInteraction.values()];

    // 2. Rows: scroll the page down through every category row, then step the first rows' arrows.
    await page.locator('.sp-categories').waitFor();
    await page.evaluate(() => (window.__bench.longtasks = []));
    for (let i = 0; i < 40; i++) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(120);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const arrows = page.locator('.sp-row .scroller-next');
    const nArrows = Math.min(6, await arrows.count());
    for (let r = 0; r < nArrows; r++) {
      for (let k = 0; k < 3; k++) {
        const a = arrows.nth(r);
        if (await a.isEnabled()) await a.click({ timeout: 2000 }).catch(() => {});
        await page.waitForTimeout(250);
      }
    }
    const rowTasks = await page.evaluate(() => window.__bench.longtasks);
    const rowsSeen = await page.locator('.sp-row').count();

    // 3. Grid: open a category and scroll its virtualised grid, loading more pages on the way.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.sp-categories .sp-chip').nth(1).click();
    await page.locator('.sp-results .sp-tile').first().waitFor({ timeout: 30_000 });
    await page.evaluate(() => (window.__bench.longtasks = []));
    let pagesLoaded = 0;
    for (let i = 0; i < 60; i++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(100);
      const more = page.locator('.sp-grid__more');
      if ((await more.count()) && (await more.isVisible()) && (await more.isEnabled()) && pagesLoaded < 10) {
        const box = await more.boundingBox();
        if (box && box.y < 800) {
          await more.click({ timeout: 5000 }).catch(() => {});
          pagesLoaded++;
          await page.waitForTimeout(200);
        }
      }
    }
    const gridTasks = await page.evaluate(() => window.__bench.longtasks);
    const gridItems = await page.locator('.sp-results [role=listitem]').first().getAttribute('aria-setsize');
    const gridDom = await page.locator('.sp-results [role=listitem]').count();
    await context.close();

    const maxOf = (a) => (a.length ? Math.max(...a.map((t) => t.duration)) : 0);
    console.log(`Catalogue: ${total} brands. Search: ${typed.length} keystrokes over ${words.length} words (${words.join(', ')}); no debounce in the app.`);
    printTable(
      ['measure', 'p50', 'p95', 'max', 'n'],
      [
        ['keystroke → results frame', ms(percentile(frame, 50)), ms(percentile(frame, 95)), ms(Math.max(...frame)), frame.length],
        ['  keystroke → new text\'s grid in the DOM (cached matches)', ms(percentile(first, 50)), ms(percentile(first, 95)), ms(Math.max(...first)), first.length],
        ['  search request (network + server)', ms(percentile(search.requests, 50)), ms(percentile(search.requests, 95)), ms(Math.max(...search.requests, 0)), search.requests.length],
        ['keystroke event latency (Event Timing, ≥16 ms)', ms(percentile(inp, 50)), ms(percentile(inp, 95)), ms(Math.max(...inp, 0)), inp.length],
      ],
    );
    console.log(`Long tasks while typing: ${search.longtasks.length} (max ${ms(maxOf(search.longtasks))})`);
    console.log(`Rows: ${rowsSeen} rows scrolled into view, ${nArrows} rows stepped with arrows; long tasks ${rowTasks.length}, over 50 ms ${longOver(rowTasks).length}, max ${ms(maxOf(rowTasks))}`);
    console.log(`Grid: ${pagesLoaded} extra pages loaded (${gridItems} brands loaded), ${gridDom} tiles in the DOM at the end; long tasks ${gridTasks.length}, over 50 ms ${longOver(gridTasks).length}, max ${ms(maxOf(gridTasks))}`);
    const p95 = percentile(frame, 95);
    return [
      result('scale', 'catalogue size', String(total)),
      result('scale', 'keystroke → results p95 (p50)', `${ms(p95)} (${ms(percentile(frame, 50))})`, '< 50 ms', p95 < 50),
      result('scale', 'keystroke → grid for the new text (cached matches) p95', ms(percentile(first, 95))),
      result('scale', 'search request p95', ms(percentile(search.requests, 95))),
      result('scale', 'keystroke event latency p95', ms(percentile(inp, 95))),
      result('scale', 'long tasks > 50 ms scrolling rows', `${longOver(rowTasks).length} (max ${ms(maxOf(rowTasks))})`, 'none', longOver(rowTasks).length === 0),
      result('scale', 'long tasks > 50 ms scrolling grid', `${longOver(gridTasks).length} (max ${ms(maxOf(gridTasks))})`, 'none', longOver(gridTasks).length === 0),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
