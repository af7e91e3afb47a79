// First-paint bundle of the shop page: the module script, its inline scripts, the modulepreload links
// and the stylesheets that dist/index.html names, plus any chunk those import statically (dynamic import()
// chunks are excluded: they load on demand). The app's stylesheets are named as
// `<link rel="preload" as="style">` (they no longer block the skeleton's paint, but the app waits for
// them before it renders: src/app/app-styles.ts), so those count as first-paint CSS too. Sizes are gzip (zlib level 9, what a static host
// would precompress) of each file. Used by the bench (bundle.mjs) and by the budget check
// (tests/e2e/bundle-budget.spec.ts).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const JS_BUDGET_BYTES = 130 * 1024;

const STATIC_IMPORT = /(?:^|[;}\n\s])import\s*(?:[\w$*{][^'"`;]*?from\s*)?["']([^"']+\.js)["']/g;
const EXPORT_FROM = /(?:^|[;}\n\s])export\s*(?:\*|\{[^}]*\})\s*from\s*["']([^"']+\.js)["']/g;

/** @param {string} distDir */
export function firstPaintFiles(distDir) {
  const indexPath = resolve(distDir, 'index.html');
  if (!existsSync(indexPath)) throw new Error(`${indexPath} does not exist: run \`npm run build\` first`);
  const html = readFileSync(indexPath, 'utf8');
  const js = [];
  const css = [];
  for (const m of html.matchAll(/<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']([^"']+)["'][^>]*>/g)) js.push({ href: m[1], via: 'script' });
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const href = /\bhref=["']([^"']+)["']/.exec(tag)?.[1];
    const rel = /\brel=["']([^"']+)["']/.exec(tag)?.[1];
    const as = /\bas=["']([^"']+)["']/.exec(tag)?.[1];
    if (!href) continue;
    if (rel === 'modulepreload') js.push({ href, via: 'modulepreload' });
    else if (rel === 'stylesheet') css.push({ href, via: 'stylesheet' });
    else if (rel === 'preload' && as === 'style') css.push({ href, via: 'preload (style)' });
    else if (rel === 'preload' && as === 'script') js.push({ href, via: 'preload (script)' });
  }
  // Follow static imports so a chunk that is needed but not preloaded still counts.
  const seen = new Set(js.map((f) => f.href));
  for (let i = 0; i < js.length; i++) {
    const file = resolve(distDir, '.' + js[i].href);
    const code = readFileSync(file, 'utf8');
    const base = js[i].href.replace(/[^/]*$/, '');
    for (const re of [STATIC_IMPORT, EXPORT_FROM]) {
      for (const m of code.matchAll(re)) {
        const spec = m[1];
        if (!spec.startsWith('.') && !spec.startsWith('/')) continue;
        const href = spec.startsWith('/') ? spec : new URL(spec, `http://x${base}`).pathname;
        if (!seen.has(href)) {
          seen.add(href);
          js.push({ href, via: `import from ${js[i].href}` });
        }
      }
    }
  }
  const measure = (f) => {
    const buf = readFileSync(resolve(distDir, '.' + f.href));
    return { ...f, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
  };
  const jsFiles = js.map(measure);
  // Inline scripts (the early start, vite.config.ts) run before the first paint too: each counts as a
  // file of its own, gzipped alone (a small overestimate: inside the gzipped page it shares a dictionary).
  for (const [i, m] of [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].entries()) {
    const buf = Buffer.from(m[1]);
    jsFiles.push({ href: `index.html#inline-script-${i + 1}`, via: 'inline script', raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  const cssFiles = css.map(measure);
  const sum = (a, k) => a.reduce((n, f) => n + f[k], 0);
  return {
    js: jsFiles,
    css: cssFiles,
    jsGzip: sum(jsFiles, 'gzip'),
    jsRaw: sum(jsFiles, 'raw'),
    cssGzip: sum(cssFiles, 'gzip'),
    cssRaw: sum(cssFiles, 'raw'),
  };
}
