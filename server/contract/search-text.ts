/**
 * How a typed search text meets a name: one rule for the server (stored `search_key`s, list filters, near
 * matches) and the app (instant matches over cached brands). Folding makes "smorrebrod" find "Smørrebrød
 * Huis" and "cafe" find "Café"; near matches offer "Café Zonneveld" for "zoneveld" when nothing matches.
 */

/**
 * Latin letters that Unicode does not decompose into a base letter and a mark (so stripping accents leaves
 * them), each with how it is typed on a plain keyboard. Lower case: folding lower-cases first.
 * A letter added here later also needs a migration that re-keys the stored search_keys (see 009).
 */
export const FOLDED_LETTERS: Readonly<Record<string, string>> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ħ: 'h', ı: 'i',
  ŧ: 't', ŋ: 'n', ĸ: 'k', ſ: 's', ƒ: 'f', ĳ: 'ij', ŀ: 'l', ƶ: 'z', ǥ: 'g', ɨ: 'i', ʉ: 'u',
};

const FOLD_RE = new RegExp(`[${Object.keys(FOLDED_LETTERS).join('')}]`, 'gu');

/** Search key: lower case, accents stripped and every Latin letter folded to what a plain keyboard types. */
export function searchKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(FOLD_RE, (c) => FOLDED_LETTERS[c] ?? c);
}

/** How many typing mistakes a near match may hold for a needle this long (none below 4 letters). */
export function nearMatchBudget(needleLength: number): number {
  if (needleLength < 4) return 0;
  if (needleLength < 6) return 1;
  if (needleLength < 10) return 2;
  return 3;
}

/**
 * The fewest single-letter edits (insert, delete, replace, swap two neighbours) that turn `needle` into
 * some part of `hay`, or `max + 1` when it takes more than `max`. Both are search keys.
 * Dynamic programming over `hay` with a free start and end (Sellers' approximate substring match).
 */
export function nearDistance(needle: string, hay: string, max: number): number {
  const m = needle.length;
  if (m === 0) return 0;
  if (m - max > hay.length) return max + 1;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, i) => i);
  let cur = new Array<number>(m + 1).fill(0);
  let best = prev[m];
  for (let j = 1; j <= hay.length; j++) {
    cur[0] = 0;
    const h = hay.charCodeAt(j - 1);
    for (let i = 1; i <= m; i++) {
      const n = needle.charCodeAt(i - 1);
      let d = Math.min(prev[i - 1] + (n === h ? 0 : 1), prev[i] + 1, cur[i - 1] + 1);
      if (i > 1 && j > 1 && n === hay.charCodeAt(j - 2) && needle.charCodeAt(i - 2) === h) d = Math.min(d, prev2[i - 2] + 1);
      cur[i] = d;
    }
    if (cur[m] < best) best = cur[m];
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(best, max + 1);
}

/**
 * The entries whose key holds the text with a few typing mistakes, closest first (ties keep the input's
 * order), at most `limit`. For a search that found nothing: an exact hit is distance 0 and listed first.
 */
export function nearMatches<T>(entries: Iterable<T>, keyOf: (e: T) => string, text: string, limit: number): T[] {
  const needle = searchKey(text.trim()).replace(/\s+/g, ' ');
  const max = nearMatchBudget(needle.length);
  if (max === 0 || limit <= 0) return [];
  const found: { e: T; d: number; i: number }[] = [];
  let i = 0;
  for (const e of entries) {
    const d = nearDistance(needle, keyOf(e), max);
    if (d <= max) found.push({ e, d, i });
    i++;
  }
  found.sort((a, b) => a.d - b.d || a.i - b.i);
  return found.slice(0, limit).map((f) => f.e);
}
