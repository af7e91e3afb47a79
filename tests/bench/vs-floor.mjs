// The targets of issue 30, read against the floor measured in the same run (differences and ratios are
// what a noisy shared machine can hold): first-paint JS app − floor ≤ 12.6 KB; Lighthouse LCP
// app − floor ≤ 0.17 s (shop) and ≤ 0.30 s (wallet); offline first tile and first wallet card ≤ 1.5× the
// floor's offline first tile. A row appears only when both sides were measured in this run
// (`npm run bench` runs them all; `npm run bench -- bundle floor` gives the first one alone).
import { kb, ms, result } from './lib/env.mjs';

const s = (v) => `${v >= 0 ? '+' : '−'}${(Math.abs(v) / 1000).toFixed(2)} s`;

export function againstFloor(figures) {
  const { floor } = figures;
  if (!floor) return [];
  const rows = [];
  if (figures.appJs !== undefined) {
    const d = figures.appJs - floor.js;
    rows.push(result('vs floor', 'first-paint JS, app − floor (gzip)', `+${kb(d)} (${kb(figures.appJs)} − ${kb(floor.js)})`, '≤ 12.6 KB', d <= 12.6 * 1024));
  }
  for (const [page, limit] of [['shop', 170], ['wallet', 300]]) {
    const lcp = figures.lcp?.[page];
    if (lcp === undefined) continue;
    rows.push(result('vs floor', `${page} LCP, app − floor (median)`, `${s(lcp - floor.lcp)} (${ms(lcp)} − ${ms(floor.lcp)})`, `≤ +${(limit / 1000).toFixed(2)} s`, lcp - floor.lcp <= limit));
  }
  if (figures.offline) {
    for (const [what, v] of [['first brand tile', figures.offline.tile], ['first wallet card', figures.offline.card]]) {
      const ratio = v / floor.tile;
      rows.push(result('vs floor', `offline ${what} ÷ floor's first tile`, `${ratio.toFixed(2)}× (${ms(v)} ÷ ${ms(floor.tile)})`, '≤ 1.5×', ratio <= 1.5));
    }
  }
  return rows;
}
