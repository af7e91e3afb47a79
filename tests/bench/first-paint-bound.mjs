// A lower bound for the app's first-paint JS (issue 30, target 1): the app built with every module a
// visitor's first paint of the shop does not draw or need replaced by an empty stub (same export names,
// no code), so what is left is the boot, routes, HTTP, session, i18n set-up, header, footers and the
// shop's rows and tiles. No deferral of the non-drawing parts can take the real app below this figure;
// it still draws the shop (the stubs do nothing, and nothing drawn needs them). Prints the figure beside
// the floor's when .tmp/bench/floor-dist exists (`npm run bench -- floor` builds it).
//   node tests/bench/first-paint-bound.mjs
// With --lighthouse it also serves the app (dist/), this build and the floor on their own servers and runs
// Lighthouse on them in turn, run by run (BENCH_LH_RUNS, default 5): the shop's LCP of a build that carries
// only what the first paint draws, against the floor's and the app's, on the same machine minutes apart
// (issue 30, target 2); and the signed-in wallet of the app and of a second bound that keeps the three
// modules the wallet's first paint needs (WALLET_DRAWS).
//   node tests/bench/first-paint-bound.mjs --lighthouse
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';
import { firstPaintFiles } from './bundle-size.mjs';
import { build as buildFloor } from './floor.mjs';
import { auditInFreshChrome, median, RUNS, signInKeepingOnlySession } from './lighthouse.mjs';
import { ensureBuilt, load1, ms, ROOT, TMP, kb } from './lib/env.mjs';
import { startServer, stopAll } from './lib/server.mjs';

/** Not drawn on a visitor's first shop paint: offline engine and status UI, toasts and live regions,
 *  error and not-found screens, sign-in return paths, invites, screen-visit tracking, the saved cache. */
export const NOT_DRAWN = [
  'src/app/offline-boot.ts',
  'src/app/outbox-start.ts',
  'src/app/early-reads.ts',
  'src/app/status-announcements.tsx',
  'src/app/track.ts',
  'src/app/error-screen.tsx',
  'src/app/not-found.tsx',
  'src/offline/offline-runtime.tsx',
  'src/offline/offline-banner.tsx',
  'src/offline/lazy-part.tsx',
  'src/offline/outbox-state.ts',
  'src/offline/query-persist.ts',
  'src/offline/register-sw.ts',
  'src/features/targets/target-outbox.ts',
  'src/features/auth/invite.ts',
  'src/features/auth/api.ts',
  'src/lib/return-to.ts',
  'src/lib/pending-intent.ts',
  'src/lib/global-error.ts',
  'src/ui/toast.tsx',
  'src/ui/announcer.tsx',
  'src/ui/offline-unavailable.tsx',
];

/** What the signed-in wallet's first paint cannot go without among those: its screen loads through
 *  lazyPart, its cards read the outbox's pending marks, and the signed-in boot refreshes the user. */
export const WALLET_DRAWS = ['src/offline/lazy-part.tsx', 'src/offline/outbox-state.ts', 'src/features/auth/api.ts'];

function exportNames(source) {
  const names = new Set();
  for (const m of source.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([\w$]+)/g)) names.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()?.trim();
      if (name && !part.trim().startsWith('type ')) names.add(name);
    }
  }
  return [...names];
}

function stubPlugin(keep) {
  const files = new Set(NOT_DRAWN.filter((f) => !keep.includes(f)).map((f) => resolve(ROOT, f)));
  return {
    name: 'first-paint-bound-stubs',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0];
      if (!files.has(file)) return null;
      const names = exportNames(readFileSync(file, 'utf8'));
      return names.map((n) => `export const ${n} = () => null;`).join('\n') || 'export {};';
    },
  };
}

/** Builds the bound (for the wallet: keeping what it draws) and returns its first-paint JS in bytes. */
export async function firstPaintBound({ wallet = false } = {}) {
  const outDir = resolve(TMP, wallet ? 'first-paint-bound-wallet' : 'first-paint-bound');
  await build({ root: ROOT, logLevel: 'error', plugins: [stubPlugin(wallet ? WALLET_DRAWS : [])], build: { outDir, emptyOutDir: true } });
  return firstPaintFiles(outDir).jsGzip;
}

/**
 * Lighthouse in turn, run by run: the shop of the app, the bound and the floor, and the wallet of the app
 * and the wallet's bound (signed in, as lighthouse.mjs does); prints each one's LCP runs and medians.
 */
async function lighthouseInTurn() {
  const base = Number(process.env.BENCH_PORT_BASE ?? 18480) + 10;
  const { distDir } = ensureBuilt();
  const floorDir = buildFloor();
  const server = {
    app: await startServer({ name: 'bound-app', port: base, distDir }),
    bound: await startServer({ name: 'bound', port: base + 1, distDir: resolve(TMP, 'first-paint-bound') }),
    floor: await startServer({ name: 'bound-floor', port: base + 2, distDir: floorDir }),
    walletBound: await startServer({ name: 'bound-wallet', port: base + 3, distDir: resolve(TMP, 'first-paint-bound-wallet') }),
  };
  const pages = {
    'app shop': [server.app, '/'],
    'bound shop': [server.bound, '/'],
    'floor shop': [server.floor, '/'],
    'app wallet': [server.app, '/#/wallet'],
    'bound wallet': [server.walletBound, '/#/wallet'],
  };
  const lcp = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  console.log(`Lighthouse in turn, ${RUNS} runs each (load ${load1()} at the start)`);
  for (let i = 0; i < RUNS; i++) {
    for (const [name, [{ url }, path]] of Object.entries(pages)) {
      const options = path === '/' ? {} : { keepStorage: true, prepare: (port) => signInKeepingOnlySession(port, url) };
      lcp[name].push((await auditInFreshChrome(url + path, { ...options, name: `bound-${name.replace(' ', '-')}` })).lcp);
    }
    console.log(`  run ${i + 1} done (load ${load1()})`);
  }
  const floor = median(lcp['floor shop']);
  for (const [name, runs] of Object.entries(lcp)) {
    const m = median(runs);
    const limit = name.endsWith('wallet') ? 300 : 170;
    const vs = name.startsWith('floor') ? '' : `  ${m - floor >= 0 ? '+' : '−'}${ms(Math.abs(m - floor))} against the floor's shop (target 2: ≤ +${limit} ms)`;
    console.log(`${name.padEnd(13)} LCP median ${ms(m)} (${runs.map(ms).join(', ')})${vs}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bound = await firstPaintBound();
  const walletBound = await firstPaintBound({ wallet: true });
  const appDir = existsSync(resolve(ROOT, 'dist/index.html')) ? resolve(ROOT, 'dist') : resolve(TMP, 'dist');
  const app = firstPaintFiles(appDir).jsGzip;
  const floorDir = resolve(TMP, 'floor-dist');
  const floor = existsSync(resolve(floorDir, 'index.html')) ? firstPaintFiles(floorDir).jsGzip : null;
  console.log(`app (${appDir.replace(ROOT + '/', '')})`.padEnd(28) + kb(app));
  console.log(`app, non-drawing parts cut  ${kb(bound)}  (${kb(app - bound)} less; the wallet's bound ${kb(walletBound)})`);
  if (floor != null) console.log(`floor                       ${kb(floor)}  → bound − floor +${kb(bound - floor)} (target ≤ 12.6 KB)`);
  if (process.argv.includes('--lighthouse')) await lighthouseInTurn().finally(stopAll);
}
