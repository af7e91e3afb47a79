// The screen-visit choice: off until chosen, Global Privacy Control keeps it off, a choice sticks on
// the device, and signing out forgets it.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS } from '../offline/storage-keys';
import { globalPrivacyControl, screenVisitsAllowed, screenVisitsChoice, setScreenVisits } from './screen-visits';
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

  test('signing out forgets the choice: the next person on the device starts off', async () => {
    resetSessionForTests();
    await setScreenVisits(true);
    await logout('user');
    expect(screenVisitsChoice()).toBeNull();
    expect(screenVisitsAllowed()).toBe(false);
  });
});
