// Bundle budget: the first-paint JS of the shop page (what dist/index.html loads and preloads, plus
// their static imports) must stay within 130 KB gzip. Reads dist/, so it belongs to the e2e stage
// (npm run test:e2e builds first); without a build it fails with a clear message, it never skips.
// Lives in tests/bench/ until the bundle meets the budget (see tests/bench/RESULTS.md); then move it
// to tests/e2e/ unchanged (the import path below resolves from either folder).
import { expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { firstPaintFiles, JS_BUDGET_BYTES } from '../bench/bundle-size.mjs';

test('first-paint JS of the shop page is at most 130 KB gzip', () => {
  const dist = resolve(process.env.BUNDLE_DIST_DIR ?? 'dist');
  expect(existsSync(resolve(dist, 'index.html')), `${dist}/index.html is missing: run \`npm run build\` first`).toBe(true);
  const fp = firstPaintFiles(dist);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const list = [...fp.js].sort((a, b) => b.gzip - a.gzip).map((f) => `  ${kb(f.gzip).padStart(9)}  ${f.href}`).join('\n');
  expect(fp.jsGzip, `first-paint JS is ${kb(fp.jsGzip)} gzip, budget ${kb(JS_BUDGET_BYTES)}:\n${list}`).toBeLessThanOrEqual(JS_BUDGET_BYTES);
});
