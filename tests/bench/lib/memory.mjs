// A process's memory as the bench reports it: resident size from /proc, the part of it that is
// WebAssembly memory, and the process's own breakdown through lib/mem-probe.mjs (SIGUSR2).
// A Wasm memory (PGlite's Postgres heap, also undici's small parser) is an address range V8 reserves
// with guard pages: its accessible part is a read-write mapping directly followed by an inaccessible
// one of several GiB, which is how it is found in /proc/<pid>/smaps.
import { existsSync, readFileSync, rmSync } from 'node:fs';

const MB = 1024 * 1024;
const GUARD_MIN_BYTES = 4 * 1024 * MB;

/** Resident memory of pid in bytes: total, and how much of it is Wasm memory. */
export function residentBytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  const maps = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) maps.push({ start: parseInt(head[1], 16), end: parseInt(head[2], 16), perms: head[3], anonymous: head[4] === '0' && head[5] === '', brk: head[5] === '[heap]', rss: 0 });
    else if (line.startsWith('Rss:') && maps.length) maps[maps.length - 1].rss = Number(line.slice(4).trim().split(/\s+/)[0]) * 1024;
  }
  // glibc's malloc: the main arena is [heap]; each thread arena is a mapping of at most 64 MiB at a
  // 64 MiB-aligned address (the V8 heap's own pages are not).
  const ARENA = 64 * MB;
  let malloc = 0;
  let wasm = 0;
  for (const m of maps) if (m.anonymous && m.perms.startsWith('rw') && m.start % ARENA === 0 && m.end - m.start <= ARENA) malloc += m.rss;
  for (const m of maps) if (m.brk) malloc += m.rss;
  for (let i = 0; i + 1 < maps.length; i++) {
    const [m, next] = [maps[i], maps[i + 1]];
    const guard = next.anonymous && next.perms.startsWith('---') && next.start === m.end && next.end - next.start >= GUARD_MIN_BYTES;
    if (guard && m.anonymous && m.perms.startsWith('rw')) wasm += m.rss;
  }
  return { rss: kb('VmRSS') * 1024, anon: kb('RssAnon') * 1024, file: kb('RssFile') * 1024, wasm, malloc };
}

/** The server's own view (heap, external, ArrayBuffers), or null when the probe did not answer. */
export async function probe(pid, file) {
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        /* half written: read again */
      }
    }
  }
  return null;
}

export const mb = (bytes) => `${(bytes / MB).toFixed(0)} MB`;

/** One line: "RSS 312 MB: Wasm 150, V8 heap 80 (live 40), ArrayBuffers 10, malloc 40, files 45, rest 27". */
export function describe(r, p) {
  if (!p) return `RSS ${mb(r.rss)} (Wasm ${mb(r.wasm)}; no probe answer)`;
  // `external` counts a Wasm memory's whole size, touched or not, so the resident Wasm part comes from
  // /proc. ArrayBuffers larger than a page are malloc'd too, so malloc is counted without them. Files:
  // the node binary and libraries mapped in. The rest: V8's code space (JS and compiled Wasm), stacks.
  const malloc = Math.max(0, r.malloc - p.arrayBuffers);
  const rest = Math.max(0, r.rss - p.heapTotal - r.wasm - p.arrayBuffers - malloc - r.file);
  return `RSS ${mb(r.rss)}: Wasm ${mb(r.wasm)}, V8 heap ${mb(p.heapTotal)} (live ${mb(p.liveHeap)}), ArrayBuffers ${mb(p.arrayBuffers)}, malloc ${mb(malloc)}, files ${mb(r.file)}, rest ${mb(rest)}`;
}
