/**
 * A cross-process "build once" helper: the first vitest worker that needs the seeded base
 * database builds it, the others wait for it. A lock is a directory (mkdir is atomic); a lock
 * left behind by a dead process is taken over.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs build() once across processes for `dir`; resolves when `dir/READY` exists. */
export async function once(dir: string, build: () => Promise<void>, timeoutMs = 180_000): Promise<void> {
  const ready = join(dir, 'READY');
  const lock = join(dir, 'LOCK');
  mkdirSync(dir, { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (existsSync(ready)) return;
    let mine = false;
    try {
      mkdirSync(lock);
      mine = true;
    } catch {
      // Someone else holds the lock: take it over if its owner is gone.
      let owner = NaN;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        /* not written yet */
      }
      if (Number.isFinite(owner) && owner > 0 && !alive(owner)) rmSync(lock, { recursive: true, force: true });
    }
    if (mine) {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      try {
        if (!existsSync(ready)) {
          await build();
          writeFileSync(ready, String(Date.now()));
        }
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      return;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${dir}`);
    await sleep(150);
  }
}

export { alive };
