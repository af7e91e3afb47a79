// A recording stand-in for the Screen Wake Lock API (headless Chromium grants no real lock): each
// request and release is logged, so a spec can check when the app holds the screen awake.
import type { Page } from '@playwright/test';

export async function fakeWakeLock(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __wake: string[] }).__wake = log;
    Object.defineProperty(navigator, 'wakeLock', {
      configurable: true,
      value: {
        request: async (type: string) => {
          log.push(`request:${type}`);
          return { released: false, release: async () => void log.push('release') };
        },
      },
    });
  });
}

/** What the app asked of the wake lock so far: 'request:screen', 'release', … */
export function wakeLog(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __wake: string[] }).__wake);
}
