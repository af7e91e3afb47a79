// npm run bench [-- bundle lighthouse offline inp scale api memory floor code-cache] [--build]
// Builds when dist/ or build/server is missing (or with --build: both, the app into a private folder), starts its own servers on loopback
// ports with fresh databases (and a throwaway PostgreSQL for the API bench), runs the chosen
// benchmarks (all eight by default), prints a summary table with the targets (issue 30's read against
// the floor measured in the same run: vs-floor.mjs), and stops everything.
// Env: BENCH_PORT_BASE (default 18480), BENCH_PG_PORT (default 54330), CHROMIUM_PATH, BENCH_DURATION (s, API),
// BENCH_MEM_DURATION (s, memory load run; default 60).
import { writeFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureBuilt, load1, machine, printTable, TMP } from './lib/env.mjs';
import { startServer, stopAll } from './lib/server.mjs';
import { againstFloor } from './vs-floor.mjs';

const ALL = ['bundle', 'lighthouse', 'offline', 'inp', 'scale', 'api', 'memory', 'floor'];
// Run only when named: a diagnosis (traces), not a figure with a target.
const ON_REQUEST = ['code-cache'];
const args = process.argv.slice(2);
const chosen = args.filter((a) => !a.startsWith('--'));
for (const c of chosen) if (![...ALL, ...ON_REQUEST].includes(c)) {
  console.error(`unknown bench "${c}"; choose from: ${[...ALL, ...ON_REQUEST].join(', ')}`);
  process.exit(2);
}
const benches = chosen.length ? [...ALL, ...ON_REQUEST].filter((b) => chosen.includes(b)) : ALL;
const base = Number(process.env.BENCH_PORT_BASE ?? 18480);

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  await stopAll().catch((e) => console.error('[bench] stopping failed:', e));
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(130));
process.on('SIGTERM', () => void shutdown(143));

const summary = [];
let failed = false;
try {
  const { distDir } = ensureBuilt({ force: args.includes('--build') });
  // One shared server for the normal catalogue (lighthouse, offline, api on PGlite), started on first use.
  let app;
  const ctx = {
    distDir,
    ports: { app: base, scale: base + 1, pg: base + 2, mem: base + 3, floor: base + 4 },
    pgPort: Number(process.env.BENCH_PG_PORT ?? 54330),
    appServer: () => (app ??= startServer({ name: 'app', port: base, distDir })),
    /** Raw figures the benches leave for the comparison with the floor (vs-floor.mjs). */
    figures: {},
  };
  for (const name of benches) {
    console.log(`\n=== ${name} === (load average ${load1()} on ${machine().split(',')[0]})`);
    summary.push({ bench: name, metric: 'load average (1 min) at start', value: load1(), target: '', pass: null });
    const t0 = Date.now();
    try {
      const mod = await import(`./${name}.mjs`);
      summary.push(...(await mod.run(ctx)));
    } catch (err) {
      failed = true;
      console.error(`[bench] ${name} failed:`, err);
      summary.push({ bench: name, metric: 'ERROR', value: String(err?.message ?? err).split('\n')[0].slice(0, 100), target: '', pass: false });
    }
    console.log(`[bench] ${name} took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  summary.push(...againstFloor(ctx.figures));
} catch (err) {
  failed = true;
  console.error('[bench]', err);
} finally {
  await stopAll().catch((e) => console.error('[bench] stopping failed:', e));
}

console.log(`\n=== summary (${machine()}) ===`);
printTable(['bench', 'metric', 'value', 'target', ''], summary.map((r) => [r.bench, r.metric, r.value, r.target, r.pass === null ? '' : r.pass ? 'met' : 'MISSED']));
mkdirSync(TMP, { recursive: true });
writeFileSync(resolve(TMP, `summary-${benches.join('-')}.json`), JSON.stringify({ machine: machine(), at: new Date().toISOString(), summary }, null, 2));
// Missed targets are reported, not fatal (benchmarks, not tests); a bench that crashed exits 1.
process.exit(failed ? 1 : 0);
