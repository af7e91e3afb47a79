// Bundle composition: which source packages/files make up the first-paint JS of the shop page.
// Builds once with source maps into .tmp/bench/analyze (not dist/), then attributes each chunk's
// bytes to the sources its mappings point at, and gzips each package's share on its own
// (an approximation: the sum of per-package gzips is a little above the chunk's real gzip).
//   node tests/bench/analyze.mjs [--no-build]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
import { firstPaintFiles } from './bundle-size.mjs';
import { ROOT, TMP, kb, printTable } from './lib/env.mjs';

export function analyze({ build = true } = {}) {
  const out = resolve(TMP, 'analyze');
  if (build || !existsSync(resolve(out, 'index.html'))) {
    const r = spawnSync('npx', ['vite', 'build', '--sourcemap', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build --sourcemap failed');
  }
  const fp = firstPaintFiles(out);
  const byPkg = new Map();
  for (const f of fp.js) {
    // index.html's inline early start is counted by firstPaintFiles; it has no file or map of its own.
    if (f.via === 'inline script') {
      byPkg.set('index.html (inline script)', { text: [], raw: f.raw, gzip: f.gzip, chunks: new Set(['index.html']) });
      continue;
    }
    const file = resolve(out, '.' + f.href);
    const code = readFileSync(file, 'utf8');
    const lines = code.split('\n');
    if (!existsSync(file + '.map')) {
      const e = byPkg.get('(generated, no map)') ?? { text: [], raw: 0, chunks: new Set() };
      e.text.push(code);
      e.raw += code.length;
      e.chunks.add(f.href.replace('/assets/', ''));
      byPkg.set('(generated, no map)', e);
      continue;
    }
    const map = new TraceMap(JSON.parse(readFileSync(file + '.map', 'utf8')));
    // Each generated segment runs to the next segment's start; attribute that text to its source.
    const segs = [];
    eachMapping(map, (m) => segs.push(m));
    for (let i = 0; i < segs.length; i++) {
      const s = segs[i];
      const n = segs[i + 1];
      const line = lines[s.generatedLine - 1] ?? '';
      const end = n && n.generatedLine === s.generatedLine ? n.generatedColumn : line.length;
      const text = line.slice(s.generatedColumn, end);
      const key = pkgOf(s.source ?? '(no source)');
      const e = byPkg.get(key) ?? { text: [], raw: 0, chunks: new Set() };
      e.text.push(text);
      e.raw += text.length;
      e.chunks.add(f.href.replace('/assets/', ''));
      byPkg.set(key, e);
    }
  }
  const rows = [...byPkg.entries()]
    .map(([pkg, e]) => ({ pkg, raw: e.raw, gzip: e.gzip ?? gzipSync(e.text.join(''), { level: 9 }).length, chunks: [...e.chunks].join(' ') }))
    .sort((a, b) => b.gzip - a.gzip);
  return { total: fp.jsGzip, rows };
}

function pkgOf(source) {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = source.indexOf('src/');
  if (src >= 0) return source.slice(src).split('/').slice(0, 3).join('/');
  const loc = source.indexOf('locales/');
  if (loc >= 0) return source.slice(loc);
  return source;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { total, rows } = analyze({ build: !process.argv.includes('--no-build') });
  console.log(`first-paint JS of the shop page: ${kb(total)} gzip\n`);
  printTable(['source', 'raw', 'gzip (alone)', 'chunks'], rows.filter((r) => r.raw > 200).map((r) => [r.pkg, kb(r.raw), kb(r.gzip), r.chunks.slice(0, 80)]));
}
