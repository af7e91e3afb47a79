/**
 * The event loop's longest stretch of uninterrupted work, timed in CPU time of the loop's own thread:
 * on a loaded machine the wall-clock length of a stall grows with every other process that gets the
 * core, its CPU time does not, and the main thread's clock leaves out the GC and I/O helper threads.
 * A 1 ms interval reads the clock at every turn of the loop; the largest difference between two turns
 * is the longest any request had to wait for this process's work.
 */
import { closeSync, openSync, readSync } from 'node:fs';

export interface LoopWork {
  /** Longest CPU time of the loop's thread between two turns, ms. */
  cpuMs: number;
  /** Longest wall time between two turns, ms (for messages only: load inflates it). */
  wallMs: number;
}

/** The main thread's CPU time in ms: Linux's per-thread schedstat, else the whole process's. */
function mainThreadClock(): { now(): number; close(): void } {
  let fd: number;
  try {
    fd = openSync(`/proc/self/task/${process.pid}/schedstat`, 'r');
  } catch {
    return { now: () => ((u) => (u.user + u.system) / 1000)(process.cpuUsage()), close: () => {} };
  }
  const buf = Buffer.alloc(128);
  return {
    now: () => Number(buf.toString('latin1', 0, readSync(fd, buf, 0, buf.length, 0)).split(' ')[0]) / 1e6,
    close: () => closeSync(fd),
  };
}

export function watchLoopWork(): { stop(): LoopWork } {
  const clock = mainThreadClock();
  let cpu = clock.now();
  let wall = performance.now();
  const worst: LoopWork = { cpuMs: 0, wallMs: 0 };
  const timer = setInterval(() => {
    const c = clock.now();
    const w = performance.now();
    worst.cpuMs = Math.max(worst.cpuMs, c - cpu);
    worst.wallMs = Math.max(worst.wallMs, w - wall);
    cpu = c;
    wall = w;
  }, 1);
  return {
    stop() {
      clearInterval(timer);
      clock.close();
      return worst;
    },
  };
}
