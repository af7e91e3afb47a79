// Shared bench plumbing: paths, Chromium location, the build check, small stats and table helpers.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const TMP = resolve(ROOT, '.tmp/bench');
/** Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own (undefined). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
export const CHROME_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Builds what is missing (build/server, dist/) and snapshots dist/ into .tmp/bench/dist so a rebuild
 * elsewhere in the tree cannot change the files mid-run. With force (--build), builds the app
 * (vite, same config) straight into the snapshot directory instead of copying dist/.
 */
export function ensureBuilt({ force = false } = {}) {
  const distIndex = resolve(ROOT, 'dist/index.html');
  const serverMain = resolve(ROOT, 'build/server/main.js');
  const snap = resolve(TMP, 'dist');
  mkdirSync(TMP, { recursive: true });
  const sh = (cmd, args) => {
    console.log(`[bench] ${cmd} ${args.join(' ')}`);
    const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed`);
  };
  // --build rebuilds the server too: a stale build/server would silently bench old server code.
  if (force || !existsSync(serverMain)) sh('npm', ['run', 'build:server']);
  if (force) {
    // A private build (same config) so the bench never rewrites dist/ under someone else's feet.
    sh('npx', ['vite', 'build', '--outDir', snap, '--emptyOutDir', '--logLevel', 'warn']);
  } else {
    if (!existsSync(distIndex)) sh('npm', ['run', 'build:app']);
    // dist/ is whatever was built last: say so when it is older than the last commit (it then benches old code).
    const head = Number(spawnSync('git', ['log', '-1', '--format=%ct'], { cwd: ROOT, encoding: 'utf8' }).stdout) * 1000;
    const built = statSync(distIndex).mtimeMs;
    if (head && built < head) console.warn(`[bench] WARNING: dist/ was built ${new Date(built).toISOString()}, before the last commit (${new Date(head).toISOString()}); pass --build to bench the current code`);
    rmSync(snap, { recursive: true, force: true });
    cpSync(resolve(ROOT, 'dist'), snap, { recursive: true });
  }
  if (!existsSync(resolve(snap, 'index.html'))) throw new Error(`${snap}/index.html missing after build`);
  return { distDir: snap };
}

export function machine() {
  const c = cpus();
  return `${c.length} × ${c[0]?.model.trim() ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform}`;
}

export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1));
  return s[i];
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)} ms` : 'n/a');

/** Prints rows (arrays of cells) as an aligned text table. */
export function printTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => String(c ?? '')));
  const w = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => c.padEnd(w[i])).join('  ');
  console.log(line(all[0]));
  console.log(w.map((n) => '-'.repeat(n)).join('  '));
  for (const r of all.slice(1)) console.log(line(r));
}

/** One summary line: a metric with its value, target and whether it is met (null = informational). */
export function result(bench, metric, value, target = '', pass = null) {
  return { bench, metric, value, target, pass };
}

/** The 1-minute load average: other work on the machine skews every figure (recorded with them). */
export const load1 = () => loadavg()[0].toFixed(1);
