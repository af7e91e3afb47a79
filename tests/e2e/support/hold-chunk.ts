// Holds the downloads of one of the app's lazy chunks, so a journey can lose the network before the app
// could load it (a first visit, no worker yet): `fail()` aborts what is held as offline; after `release()`
// later requests go through (and fail for real while the context is offline).
import type { Page, Route } from '@playwright/test';

export interface HeldChunk {
  /** How many requests for the chunk are held now. */
  count(): number;
  /** Aborts every held request as a lost network. */
  fail(): Promise<void>;
  /** Stops holding: later requests go to the network. */
  release(): void;
}

/** `pattern` matches the chunk's URL (e.g. /\/assets\/outbox-operations-[\w-]+\.js$/). */
export async function holdChunk(page: Page, pattern: RegExp): Promise<HeldChunk> {
  let held: Route[] = [];
  let holding = true;
  await page.route(pattern, (route) => (holding ? void held.push(route) : route.continue()));
  return {
    count: () => held.length,
    fail: async () => {
      const routes = held;
      held = [];
      for (const route of routes) await route.abort('internetdisconnected').catch(() => undefined);
    },
    release: () => {
      holding = false;
    },
  };
}
