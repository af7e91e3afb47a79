// Bench "code-cache" (only when named: `node tests/bench/run.mjs code-cache`). Issue 18: does V8 get a
// code cache for the app's module entry on an offline start? One persistent Chromium profile: an
// online visit (the worker installs and precaches), then offline starts, each a fresh browser on that
// profile so nothing in memory carries over. Every start is traced and the entry's events printed:
// the Cache Storage side data the worker's response carried, how V8 compiled it (streamed parse, or
// cache consumed), whether a cache was produced, and the time to the first brand tile.
// A control runs the same check on one synthetic ~450 KB script loaded both as a classic and as a
// module script behind a minimal worker, so the app's own worker is ruled in or out.
// Offline means the server is stopped and the context offline; no request routing (Playwright's routing
// switches on DevTools' "disable cache"). BENCH_CODE_CACHE_FLAGS adds Chromium flags for a what-if run
// (e.g. --disable-features=BackgroundResourceFetch); users run stock Chrome, so never a fix.
import { chromium } from '@playwright/test';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROME_FLAGS, CHROMIUM, printTable, result, TMP } from './lib/env.mjs';
import { startServer } from './lib/server.mjs';
import { signInInPage } from './lib/sign-in.mjs';
import { waitForWorker } from './offline.mjs';

const STARTS = Number(process.env.BENCH_CODE_CACHE_STARTS ?? 3);
const FLAGS = [...CHROME_FLAGS, ...(process.env.BENCH_CODE_CACHE_FLAGS ?? '').split(' ').filter(Boolean)];
const CATEGORIES = 'v8,devtools.timeline,disabled-by-default-v8.compile,loading,ServiceWorker,CacheStorage';

/** Notes when the first element matching `sel` is in the DOM (runs in the page before its scripts). */
function firstSeen(sel) {
  new MutationObserver((_, obs) => {
    if (document.querySelector(sel)) {
      window.__firstSeen = performance.now();
      obs.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });
}

/** Loads `url` in a fresh browser on `dir`'s profile, traced; `ready` waits for the page to be up. */
async function tracedStart(dir, url, { online, before, ready, selector }) {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, args: FLAGS, viewport: { width: 412, height: 823 }, serviceWorkers: 'allow', offline: !online,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    if (before) await before(page);
    if (selector) await context.addInitScript(firstSeen, selector);
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(url);
    await ready(page);
    const info = await page.evaluate(() => ({
      controlled: Boolean(navigator.serviceWorker?.controller),
      firstSeen: window.__firstSeen,
      entry: document.querySelector('script[type=module][src]')?.getAttribute('src')?.split('/').pop(),
    }));
    await page.waitForTimeout(2000); // caches are produced after the run, and written back after that
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    return { events, ...info };
  } finally {
    await context.close();
  }
}

/** What happened to one script in a trace: side data delivered, compile kind, cache consumed/produced. */
function scriptFacts(events, file) {
  const named = (e) => JSON.stringify(e.args ?? {}).includes(file);
  const byName = (n) => events.filter((e) => e.name === n && named(e));
  const compile = [...byName('v8.compileModule'), ...byName('v8.compile')].find((e) => !e.args?.data?.eager);
  const parse = byName('v8.parseOnBackground')[0];
  const deser = byName('v8.deserializeOnBackground')[0];
  const produced = [...byName('v8.produceModuleCache'), ...byName('v8.produceCache')].find((e) => !e.args?.data?.eager);
  const start = Math.min(...[parse, deser, compile].filter(Boolean).map((e) => e.ts));
  // The worker's response reaches the page through ServiceWorkerSubresourceLoader, which logs the size of
  // the Cache Storage side data (the code cache) but not the URL: take the largest delivered between the
  // script's request and its compile (the entry's dwarfs anything else in flight).
  const requested = byName('ServiceWorkerSubresourceLoader::StartRequest')[0]?.ts ?? start;
  const sideData = Math.max(0, ...events
    .filter((e) => e.name === 'ServiceWorkerSubresourceLoader::OnSideDataReadingComplete' && e.ts >= requested && e.ts <= start)
    .map((e) => e.args?.['metadata size'] ?? 0));
  const d = compile?.args?.data ?? {};
  return {
    kind: compile ? `${compile.name}${d.streamed ? ' (streamed)' : ''}` : 'not compiled',
    sideData,
    parseMs: parse ? parse.dur / 1000 : 0,
    deserializeMs: deser ? deser.dur / 1000 : 0,
    compileMs: compile?.dur ? compile.dur / 1000 : 0,
    consumed: d.consumedCacheSize ?? 0,
    rejected: Boolean(d.cacheRejected),
    reason: d.notStreamedReason ?? '',
    produced: produced?.args?.data?.producedCacheSize ?? 0,
  };
}

const row = (label, f, extra = '') => [
  label, f.kind, String(f.sideData), f.parseMs.toFixed(1), f.deserializeMs.toFixed(1), f.compileMs.toFixed(1),
  `${f.consumed}${f.rejected ? ' REJECTED' : ''}`, String(f.produced), f.reason, extra,
];
const HEADER = ['start', 'V8 compile', 'side data B', 'parse ms', 'deser. ms', 'compile ms', 'consumed B', 'produced B', 'not streamed because', 'tile ms'];

async function appRuns(ctx, rows, out) {
  // Its own server: stopped half-way for the offline starts, so not the shared one.
  const app = await startServer({ name: 'code-cache', port: ctx.ports.app + 5, distDir: ctx.distDir });
  const dir = mkdtempSync(join(tmpdir(), 'code-cache-app-'));
  const tile = (page) => page.locator('.sp-tile').first().waitFor({ timeout: 30_000 });
  try {
    const signIn = async (page) => {
      await page.goto(app.url + '/');
      await signInInPage(page, { email: 'demo2@socialpay.test', withUser: true });
      await waitForWorker(page);
      await page.goto('about:blank');
    };
    const runs = [['online, after install', await tracedStart(dir, app.url + '/', { online: true, before: signIn, ready: tile, selector: '.sp-tile' })]];
    await app.stop();
    for (let i = 2; i <= STARTS + 1; i++) runs.push([`offline start ${i}`, await tracedStart(dir, app.url + '/', { online: false, ready: tile, selector: '.sp-tile' })]);
    const entry = runs[0][1].entry;
    mkdirSync(TMP, { recursive: true });
    for (const [label, r] of runs) {
      if (!r.controlled) throw new Error(`${label}: the page was not controlled by the worker`);
      writeFileSync(`${TMP}/code-cache-${label.replace(/\W+/g, '-')}.json`, JSON.stringify({ traceEvents: r.events }));
      const f = scriptFacts(r.events, entry);
      rows.push(row(`app ${entry}: ${label}`, f, r.firstSeen?.toFixed(0) ?? ''));
      out.push(result('code-cache', `app entry, ${label}: side data / consumed / parse`, `${f.sideData} B / ${f.consumed} B / ${f.parseMs.toFixed(0)} ms`));
    }
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The control: one synthetic script as classic and as module, behind a worker that answers from Cache Storage. */
async function controlRuns(port, rows) {
  let body = '';
  for (let i = 0; i < 3000; i++) body += `function f${i}(a){let s=0;for(let j=0;j<a;j++)s+=j*${i}%7;return {k:'v${i}',s,o:[a,${i},'${'x'.repeat(40)}']};}\n`;
  for (let i = 0; i < 3000; i += 3) body += `f${i}(2);`;
  const files = {
    '/big.js': body + '\ndocument.title = "done";',
    '/big.mjs': body + '\nexport const done = 1; document.title = "done";',
    '/classic.html': '<!doctype html><title>c</title><script src="/big.js"></script><script>navigator.serviceWorker.register("/sw.js")</script>',
    '/module.html': '<!doctype html><title>m</title><script type="module" src="/big.mjs"></script><script>navigator.serviceWorker.register("/sw.js")</script>',
    '/sw.js': `self.addEventListener('install', (e) => { self.skipWaiting(); e.waitUntil(caches.open('c').then((c) => c.addAll(['/classic.html', '/module.html', '/big.js', '/big.mjs']))); });
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => e.respondWith(caches.match(e.request).then((r) => r || fetch(e.request))));`,
  };
  const server = createServer((req, res) => {
    const f = files[new URL(req.url, 'http://x').pathname];
    if (!f) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': req.url.endsWith('.html') ? 'text/html' : 'text/javascript' }).end(f);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  const dir = mkdtempSync(join(tmpdir(), 'code-cache-control-'));
  const base = `http://127.0.0.1:${port}`;
  const ready = (page) => page.waitForFunction(() => document.title === 'done');
  try {
    const install = async (page) => {
      await page.goto(base + '/classic.html');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    };
    for (const [kind, file] of [['classic', 'big.js'], ['module', 'big.mjs']]) {
      for (let i = 1; i <= STARTS + 1; i++) {
        const r = await tracedStart(dir, `${base}/${kind}.html`, { online: true, before: kind === 'classic' && i === 1 ? install : undefined, ready });
        if (!r.controlled) throw new Error(`control ${kind} start ${i}: not controlled by the worker`);
        rows.push(row(`control ${kind} script: start ${i}`, scriptFacts(r.events, file)));
      }
    }
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(ctx) {
  const rows = [];
  const out = [];
  if (FLAGS.length > CHROME_FLAGS.length) console.log(`what-if flags: ${FLAGS.slice(CHROME_FLAGS.length).join(' ')}`);
  await appRuns(ctx, rows, out);
  await controlRuns(ctx.ports.app + 6, rows);
  console.log('Entry script per start, one persistent profile (traces of the app starts in .tmp/bench/code-cache-*.json):');
  printTable(HEADER, rows);
  return out;
}
