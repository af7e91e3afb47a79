// Where push can be offered: a browser with a worker and PushManager; iOS only from the home screen.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { pushSupport, turnOnPush } from './push-subscription';

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

describe('turnOnPush', () => {
  /** A browser that granted permission, whose push service answers `subscribe` as given; the server answers the rest. */
  function granted(subscribe: () => Promise<unknown>) {
    vi.stubGlobal('Notification', { requestPermission: async () => 'granted' });
    const pushManager = { getSubscription: async () => null, subscribe };
    Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve({ pushManager }) }, configurable: true });
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.includes('push-key')) return new Response(JSON.stringify({ public_key: 'BOr7' }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    return sent;
  }

  test('a push service that refuses (a private window) is "unavailable", not a connection problem; nothing is saved', async () => {
    const sent = granted(async () => {
      throw new DOMException('Registration failed - push service not available', 'AbortError');
    });
    expect(await turnOnPush()).toBe('unavailable');
    expect(sent.filter((s) => s.startsWith('PUT'))).toEqual([]);
  });

  test('permission refused is "denied"', async () => {
    vi.stubGlobal('Notification', { requestPermission: async () => 'denied' });
    expect(await turnOnPush()).toBe('denied');
  });
});
