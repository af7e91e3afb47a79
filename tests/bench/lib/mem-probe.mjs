// Loaded into the bench's server with --import (never in production): on SIGUSR2 it writes the
// process's own view of its memory (V8 heap, ArrayBuffers, Wasm memory size) to MEM_PROBE_FILE, then
// runs a full GC and adds the heap still live after it, so the memory bench can tell live data from
// garbage V8 has not collected yet. The resident size itself is read from /proc before this runs.
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const out = process.env.MEM_PROBE_FILE;
if (out) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  process.on('SIGUSR2', () => {
    const before = process.memoryUsage();
    gc();
    const after = process.memoryUsage();
    writeFileSync(out, JSON.stringify({ at: Date.now(), ...before, liveHeap: after.heapUsed, heapTotalAfterGc: after.heapTotal }));
  });
}
