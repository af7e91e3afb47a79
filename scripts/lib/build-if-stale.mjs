// One full build (npm run build) when build/server or the app in dist is missing or older than its
// sources: npm start, and the tests that serve the built app (npm run test:cluster), start from a
// fresh clone without a separate build step, and skip it when nothing changed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Newest mtime among files under the given paths (directories walked, node_modules skipped). */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && !name.startsWith('.')) walk(join(p, name));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach((p) => walk(join(root, p)));
  return max;
}
const mtime = (p) => (existsSync(p) ? statSync(p).mtimeMs : 0);

export function buildIfStale({ distDir = resolve(root, process.env.DIST_DIR || 'dist'), log = '[build]' } = {}) {
  const serverEntry = join(root, 'build/server/main.js');
  const serverStale = mtime(serverEntry) === 0 || newest(['server']) > mtime(serverEntry);
  const indexHtml = join(distDir, 'index.html');
  const appStale = mtime(indexHtml) === 0 || newest(['src', 'locales', 'public', 'sw', 'index.html', 'vite.config.ts', 'package.json']) > mtime(indexHtml);
  if (!serverStale && !appStale) return;
  console.log(`${log} npm run build`);
  const r = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`${log} npm run build failed`);
    process.exit(r.status ?? 1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildIfStale();
