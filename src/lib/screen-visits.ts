// The screen-visit choice ("Help improve SocialPay"). Off until the person turns it on: nothing
// chosen, or a browser sending Global Privacy Control, means no screen visit is sent. The choice is
// kept on the device (visitors) and, signed in, on the server (GET/PUT /application-users/me/privacy),
// whose value wins at sign-in. Signing out forgets it: the next person on the device starts off.
import { useSyncExternalStore } from 'react';
import type { PrivacySettings } from '@contract/types';
import { STORAGE_KEYS } from '../offline/storage-keys';
import { request } from './http';
import { isSignedIn, onLogout } from './session';

const listeners = new Set<() => void>();
// Counts the choices made on this device, so that an account read begun before one is not applied over it.
let choicesMade = 0;

function read(): boolean | null {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.screenVisits);
    return v === 'on' ? true : v === 'off' ? false : null;
  } catch {
    return null;
  }
}

function write(on: boolean | null): void {
  try {
    if (on === null) localStorage.removeItem(STORAGE_KEYS.screenVisits);
    else localStorage.setItem(STORAGE_KEYS.screenVisits, on ? 'on' : 'off');
  } catch {
    /* storage unavailable: the choice lasts this page only (and stays off) */
  }
  listeners.forEach((l) => l());
}

/** The browser's Global Privacy Control signal. */
export function globalPrivacyControl(): boolean {
  return typeof navigator !== 'undefined' && (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/** The choice on this device: null when none was made (counts as off). */
export function screenVisitsChoice(): boolean | null {
  return read();
}

/** True only after the person turned sharing on (GPC or no choice: off). */
export function screenVisitsAllowed(): boolean {
  return read() === true;
}

export function useScreenVisitsChoice(): boolean | null {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    read,
    () => null,
  );
}

/** Saves the choice on the device and, signed in, on the server (throws when the server refused). */
export async function setScreenVisits(on: boolean): Promise<void> {
  const before = read();
  choicesMade++;
  write(on);
  if (!isSignedIn()) return;
  try {
    await request<PrivacySettings>('/application-users/me/privacy', { method: 'PUT', body: { screen_visits: on } });
  } catch (err) {
    write(before);
    throw err;
  }
}

/**
 * After sign-in: the account's choice replaces the device's (null: not chosen yet, so off). A choice
 * made while the read was under way is newer (its PUT is on the server) and stays.
 */
export async function loadScreenVisitsChoice(): Promise<boolean | null> {
  const made = choicesMade;
  const res = await request<PrivacySettings>('/application-users/me/privacy');
  if (made !== choicesMade) return read();
  write(res.screen_visits);
  return res.screen_visits;
}

onLogout(() => write(null));
