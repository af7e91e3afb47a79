// Bench 1 — bundle: gzip JS and CSS needed for the first paint of the shop page (dist/index.html).
import { firstPaintFiles, JS_BUDGET_BYTES } from './bundle-size.mjs';
import { kb, printTable, result } from './lib/env.mjs';

export async function run(ctx) {
  const fp = firstPaintFiles(ctx.distDir);
  console.log(`First paint of the shop page (${ctx.distDir}/index.html), gzip level 9:`);
  printTable(
    ['file', 'loaded by', 'raw', 'gzip'],
    [...fp.js, ...fp.css].map((f) => [f.href, f.via, kb(f.raw), kb(f.gzip)]),
  );
  console.log(`JS total: ${kb(fp.jsGzip)} gzip (${kb(fp.jsRaw)} raw), target ≤ ${kb(JS_BUDGET_BYTES)}; CSS total: ${kb(fp.cssGzip)} gzip`);
  ctx.figures.appJs = fp.jsGzip;
  return [
    result('bundle', 'first-paint JS (gzip)', kb(fp.jsGzip), `≤ ${kb(JS_BUDGET_BYTES)}`, fp.jsGzip <= JS_BUDGET_BYTES),
    result('bundle', 'first-paint CSS (gzip)', kb(fp.cssGzip), '', null),
    result('bundle', 'first-paint JS files', String(fp.js.length), '', null),
  ];
}
