// CPU time of processes from /proc (Linux): user + system, in ms. Under a busy machine wall-clock
// figures swing with other work, but the CPU a request costs the server stays about the same, so
// the API bench reports it too (and the capacity it implies for one free core).
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function stat(pid) {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ": state=0, ppid=1, ..., utime=11, stime=12
    return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** CPU ms used so far by pid (all its threads). */
export function cpuMs(pid) {
  return stat(pid)?.cpu ?? 0;
}

/** CPU ms used so far by pid and its direct children (e.g. the postmaster and its backends). */
export function treeCpuMs(pid) {
  let total = cpuMs(pid);
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const s = stat(d);
    if (s && s.ppid === pid) total += s.cpu;
  }
  return total;
}

export function postmasterPid(dataDir) {
  return Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
}
