/**
 * Saved pictures of a screen (its markup when the page last hid), one per address, for the installed
 * app to show at once on its next start while the app itself starts (src/app/saved-screen.ts shows
 * them, src/offline/save-screen.ts saves them). The user's own data: forgotten at sign-out.
 */
import { STORAGE_KEYS } from './storage-keys';

export interface SavedScreen {
  /** The app build that drew it (its entry script): another build's markup and stylesheets may not fit. */
  build: string;
  html: string;
  /** The rules of the stylesheets it was drawn with, as text: shown with them, it waits for no file. */
  css: string;
}

const PREFIX = `${STORAGE_KEYS.savedScreen}:`;

/** One picture per address and network state: an offline start draws the offline banner over the
 *  screen, an online one does not, and the picture must not jump when the app replaces it. */
export const savedScreenKey = (hash: string): string => `${PREFIX}${navigator.onLine ? 'online' : 'offline'}:${hash}`;

/** This page's build: the entry script index.html names. */
export const appBuild = (): string => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '';

export function forgetSavedScreens(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing was saved */
  }
}
