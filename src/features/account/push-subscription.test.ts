// Where push can be offered: a browser with a worker and PushManager; iOS only from the home screen.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { pushSupport } from './push-subscription';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

function browser(opts: { ua?: string; standalone?: boolean; push?: boolean }) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(opts.ua ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36');
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('standalone') && opts.standalone === true }));
  if (opts.push) {
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', class {});
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('pushSupport', () => {
  test('an iPhone in a browser tab: needs the home screen first, whatever the browser has', () => {
    browser({ ua: IPHONE, push: true });
    expect(pushSupport()).toBe('ios-tab');
  });
  test('an iPhone from the home screen with Web Push: supported', () => {
    browser({ ua: IPHONE, standalone: true, push: true });
    expect(pushSupport()).toBe('supported');
  });
  test('a desktop browser with a worker and PushManager: supported; without PushManager: not', () => {
    browser({ push: true });
    expect(pushSupport()).toBe('supported');
    vi.unstubAllGlobals();
    browser({});
    expect(pushSupport()).toBe('unsupported');
  });
});
