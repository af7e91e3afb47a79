// The screen-visit choice: off until chosen, Global Privacy Control keeps it off, a choice sticks on
// the device, an answer given while the account's choice is still being read is not overwritten by it,
// and signing out forgets it.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS } from '../offline/storage-keys';
import { globalPrivacyControl, loadScreenVisitsChoice, screenVisitsAllowed, screenVisitsChoice, setScreenVisits } from './screen-visits';
import { logout, resetSessionForTests } from './session';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('screen-visit choice', () => {
  test('off until chosen; a visitor turning it on and off is kept on the device', async () => {
    resetSessionForTests();
    expect(screenVisitsChoice()).toBeNull();
    expect(screenVisitsAllowed()).toBe(false);
    await setScreenVisits(true);
    expect(localStorage.getItem(STORAGE_KEYS.screenVisits)).toBe('on');
    expect(screenVisitsAllowed()).toBe(true);
    await setScreenVisits(false);
    expect(screenVisitsAllowed()).toBe(false);
  });

  test('Global Privacy Control: read as a signal, and nothing is sent until the person turns it on', async () => {
    resetSessionForTests();
    vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: true });
    expect(globalPrivacyControl()).toBe(true);
    expect(screenVisitsAllowed()).toBe(false);
    await setScreenVisits(true);
    expect(screenVisitsAllowed()).toBe(true);
  });

  test("an answer given while the account's choice is read stays: the older read does not put null over it", async () => {
    resetSessionForTests({ tokens: { access_token: 'a', refresh_token: 'r', expires_at: Date.now() + 60_000 } });
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    let answerRead: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        init?.method === 'PUT' ? Promise.resolve(json({ screen_visits: false })) : new Promise<Response>((r) => (answerRead = r)),
      ),
    );
    const read = loadScreenVisitsChoice(); // as just after sign-in: the account has no choice yet
    await setScreenVisits(false);
    answerRead(json({ screen_visits: null }));
    expect(await read).toBe(false);
    expect(screenVisitsChoice()).toBe(false);
    // Without a choice made meanwhile, the account's choice is taken as before.
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ screen_visits: true }))));
    expect(await loadScreenVisitsChoice()).toBe(true);
    expect(screenVisitsChoice()).toBe(true);
  });

  test('signing out forgets the choice: the next person on the device starts off', async () => {
    resetSessionForTests();
    await setScreenVisits(true);
    await logout('user');
    expect(screenVisitsChoice()).toBeNull();
    expect(screenVisitsAllowed()).toBe(false);
  });
});
