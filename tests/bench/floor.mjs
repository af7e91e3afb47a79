// Bench 7 — the floor: what the required packages alone cost, read beside the app's own figures.
// tests/bench/floor/ is a minimal app on the same stack (React, TanStack Router and Query, i18next,
// react-i18next) that draws the shop's first rows from the same server, with a minimal cache-first
// worker. It gets the app's three measures: first-paint JS (bundle.mjs), Lighthouse mobile (as
// lighthouse.mjs, BENCH_LH_RUNS) and the offline start against a static page (as offline.mjs,
// BENCH_OFFLINE_RUNS). A target the floor itself misses cannot be met by any app on this stack.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { firstPaintFiles } from './bundle-size.mjs';
import { CHROME_FLAGS, CHROMIUM, kb, ms, percentile, result, ROOT, TMP } from './lib/env.mjs';
import { startServer } from './lib/server.mjs';
import { auditInFreshChrome, median, RUNS as LH_RUNS } from './lighthouse.mjs';
import { benchContext, goOffline, RUNS as OFFLINE_RUNS, staticFcp, timeTo, waitForWorker } from './offline.mjs';

export function build() {
  const outDir = resolve(TMP, 'floor-dist');
  const r = spawnSync('npx', ['vite', 'build', '--config', 'tests/bench/floor/vite.config.ts', '--outDir', outDir, '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the floor app failed');
  return outDir;
}

async function lighthouseRuns(url) {
  const runs = [];
  for (let i = 0; i < LH_RUNS; i++) runs.push(await auditInFreshChrome(url, { name: 'floor' }));
  return runs;
}

async function offlineRuns(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  try {
    const context = await benchContext(browser);
    const page = await context.newPage();
    await page.goto(`${base}/?offline`);
    await waitForWorker(page);
    await page.close();
    await goOffline(context);
    const stat = [];
    const tile = [];
    for (let i = 0; i < OFFLINE_RUNS; i++) {
      stat.push(await staticFcp(context, `${base}/static.html`));
      tile.push(await timeTo(context, `${base}/?offline`, 'tile', false));
    }
    return { stat: percentile(stat, 50), tile: percentile(tile, 50) };
  } finally {
    await browser.close();
  }
}

export async function run(ctx) {
  const distDir = build();
  const fp = firstPaintFiles(distDir);
  const floor = await startServer({ name: 'floor', port: ctx.ports.floor, distDir });
  const lh = await lighthouseRuns(`${floor.url}/`);
  const off = await offlineRuns(floor.url);
  await floor.stop();
  const perf = lh.map((r) => r.performance);
  const lcp = lh.map((r) => r.lcp);
  ctx.figures.floor = { js: fp.jsGzip, lcp: median(lcp), tile: off.tile };
  console.log(`Floor: first-paint JS ${kb(fp.jsGzip)} in ${fp.js.length} file(s); Lighthouse ${perf.join(', ')} (LCP ${lcp.map(ms).join(', ')}, FCP median ${ms(median(lh.map((r) => r.fcp)))}, CLS median ${median(lh.map((r) => r.cls)).toFixed(3)}); offline tile ${ms(off.tile)} against static ${ms(off.stat)}`);
  return [
    result('floor', 'first-paint JS of the required packages (gzip)', kb(fp.jsGzip), '≤ 130.0 KB', fp.jsGzip <= 130 * 1024),
    result('floor', 'Lighthouse mobile LCP, median', `${ms(median(lcp))} (${lcp.map(ms).join(', ')})`, '≤ 2.0 s', median(lcp) <= 2000),
    result('floor', 'Lighthouse mobile performance, median', `${median(perf)} (${perf.join(', ')})`),
    result('floor', 'offline first tile (÷ static)', `${ms(off.tile)} (${(off.tile / off.stat).toFixed(2)}×)`, '≤ 2×', off.tile / off.stat <= 2),
  ];
}
