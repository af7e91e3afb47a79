/**
 * Instant start snapshot (README.md in this folder, "Instant start snapshot").
 *
 * The app saves the rendered markup of the shop's or the wallet's above-the-fold content to
 * localStorage (when the page is hidden or left, and a couple of seconds after the screen is ready
 * with data), keyed by screen, owner (user id or 'visitor') and build id. On the next start,
 * public/instant-start.js (a tiny classic `async` script, precached by the worker) shows it before the
 * module graph has run, as an aria-hidden, inert picture over the page. This module removes it as
 * soon as the live screen has rendered its real content (markScreenReady), when the route or the
 * user turns out to be another one, and deletes every snapshot on logout and account deletion.
 *
 * localStorage, not IndexedDB: the script must show the snapshot synchronously, before the entry
 * module's evaluation takes the main thread; an IndexedDB read would only answer after it. Each
 * snapshot is capped at INSTANT_MAX_CHARS (≈60 KB); a larger one is not saved.
 *
 * Keep the keys and the hash parsing in sync with public/instant-start.js.
 */
import { BUILD_ID } from './build-info';
import { SCREEN_READY_EVENT } from './screen-ready';
import { STORAGE_KEYS } from './storage-keys';

export type InstantScreen = 'shop' | 'wallet';
export type InstantLang = 'en' | 'nl';
export const INSTANT_SCREENS: readonly InstantScreen[] = ['shop', 'wallet'];
export const INSTANT_MAX_CHARS = 60_000;
export const INSTANT_SAVE_DELAY_MS = 2000;
export const SNAPSHOT_ID = 'sp-instant';
export const SNAPSHOT_GONE_EVENT = 'sp-instant-gone';
const OWNER_KEY = STORAGE_KEYS.instantPrefix + 'owner';
const screenKey = (screen: InstantScreen) => STORAGE_KEYS.instantPrefix + screen;

export interface InstantSnapshot {
  v: 1;
  build: string;
  /** user id as a string, or 'visitor' */
  owner: string;
  lang: InstantLang;
  screen: InstantScreen;
  /** epoch ms */
  at: number;
  html: string;
}

type KV = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
function local(): KV | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The screen (and language) a hash opens, when it is one with a snapshot: '#/', '#/nl', '#/wallet',
 *  '#/se/nl/wallet'. Anything else (other screens, a query such as '?orderId=') gets none. */
export function instantScreenForHash(hash: string): { screen: InstantScreen; lang: InstantLang } | null {
  const m = /^#?\/?((?:se\/)?)((?:nl|en)(?:\/|$))?([^?]*)$/i.exec(hash || '');
  if (!m) return null;
  const rest = (m[3] ?? '').replace(/\/$/, '');
  const screen: InstantScreen | null = rest === '' ? 'shop' : rest.toLowerCase() === 'wallet' ? 'wallet' : null;
  if (!screen) return null;
  return { screen, lang: m[2] && m[2].slice(0, 2).toLowerCase() === 'nl' ? 'nl' : 'en' };
}

/** The owner mark: a known user's id, 'visitor' when signed out, null while signed in but the user is
 *  not known yet (no snapshot is shown or saved then). */
export function ownerMark(userId: number | null, signedIn: boolean): string | null {
  if (userId != null) return String(userId);
  return signedIn ? null : 'visitor';
}

/** The owner the last session left behind (a hint read before the session is: the boot starts reading
 *  that owner's saved query cache in parallel with session hydrate). */
export function ownerHint(storage: KV | null = local()): number | null | undefined {
  try {
    const v = storage?.getItem(OWNER_KEY);
    if (v === 'visitor') return null;
    return v && /^\d+$/.test(v) ? Number(v) : undefined;
  } catch {
    return undefined;
  }
}

/** Tell the start script whose snapshots may be shown (null: none). */
export function setInstantOwner(owner: string | null, storage: KV | null = local()): void {
  try {
    if (owner == null) storage?.removeItem(OWNER_KEY);
    else storage?.setItem(OWNER_KEY, owner);
  } catch {
    /* storage unavailable: no instant start */
  }
}

/** Store a snapshot. Returns false (and drops the screen's old one) when it is too large or storage fails. */
export function writeInstantSnapshot(
  snap: Omit<InstantSnapshot, 'v' | 'build' | 'at'> & { build?: string; at?: number },
  storage: KV | null = local(),
): boolean {
  if (!storage) return false;
  const value: InstantSnapshot = { v: 1, build: snap.build ?? BUILD_ID, owner: snap.owner, lang: snap.lang, screen: snap.screen, at: snap.at ?? Date.now(), html: snap.html };
  const json = JSON.stringify(value);
  try {
    if (json.length > INSTANT_MAX_CHARS) {
      storage.removeItem(screenKey(snap.screen));
      return false;
    }
    storage.setItem(screenKey(snap.screen), json);
    return true;
  } catch {
    try {
      storage.removeItem(screenKey(snap.screen));
    } catch {
      /* ignore */
    }
    return false;
  }
}

/** The snapshot the start script would show for this screen, language, owner and build (same checks). */
export function readInstantSnapshot(
  want: { screen: InstantScreen; lang: InstantLang; build?: string },
  storage: KV | null = local(),
): InstantSnapshot | null {
  try {
    const owner = storage?.getItem(OWNER_KEY);
    const raw = owner ? storage?.getItem(screenKey(want.screen)) : null;
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<InstantSnapshot> | null;
    const build = want.build ?? BUILD_ID;
    if (!s || s.v !== 1 || s.build !== build || s.owner !== owner || s.lang !== want.lang || typeof s.html !== 'string') return null;
    return s as InstantSnapshot;
  } catch {
    return null;
  }
}

/** Delete every saved snapshot (logout, account deletion). The owner mark follows the session. */
export function purgeInstantSnapshots(storage: KV | null = local()): void {
  for (const screen of INSTANT_SCREENS) {
    try {
      storage?.removeItem(screenKey(screen));
    } catch {
      /* ignore */
    }
  }
}

// ---------- the snapshot on screen ----------

export function shownSnapshot(doc: Document = document): HTMLElement | null {
  return doc.getElementById(SNAPSHOT_ID);
}

/** Remove the snapshot from the page (the live screen takes over in the same frame). */
export function removeInstantSnapshot(doc: Document = document): void {
  const el = shownSnapshot(doc);
  if (!el) return;
  el.remove();
  doc.defaultView?.dispatchEvent(new Event(SNAPSHOT_GONE_EVENT));
}

/** Run `fn` once the snapshot is gone (at once when none is shown). Returns a cancel function. */
export function whenSnapshotGone(fn: () => void, doc: Document = document): () => void {
  const win = doc.defaultView;
  if (!shownSnapshot(doc) || !win) {
    fn();
    return () => undefined;
  }
  let done = false;
  const run = () => {
    if (done || shownSnapshot(doc)) return;
    done = true;
    win.removeEventListener(SNAPSHOT_GONE_EVENT, run);
    fn();
  };
  win.addEventListener(SNAPSHOT_GONE_EVENT, run);
  // The start script removes it on a tap, a key, a hash change or its timeout without telling us.
  const mo = new MutationObserver(() => {
    if (!shownSnapshot(doc)) {
      mo.disconnect();
      run();
    }
  });
  mo.observe(doc.body, { childList: true });
  return () => {
    done = true;
    mo.disconnect();
    win.removeEventListener(SNAPSHOT_GONE_EVENT, run);
  };
}

/** Whether the live screen shows its real content (not a spinner), so the snapshot may go / be taken. */
export function liveScreenReady(screen: InstantScreen, doc: Document = document): boolean {
  const root = doc.getElementById('root');
  if (!root) return false;
  if (screen === 'wallet') {
    const w = root.querySelector('dialog.screen-modal .sp-wallet');
    return Boolean(w && w.querySelector('.sp-wallet__list, .sp-wallet__empty, [role="alert"]'));
  }
  const shop = root.querySelector('.sp-shop');
  if (!shop || !shop.querySelector('.sp-tile')) return false;
  if (shop.querySelector(':scope > .sp-muted[role="status"]')) return false; // categories still loading
  for (const fav of shop.querySelectorAll('.sp-row--favorites')) {
    if (!fav.querySelector('.sp-tile, .sp-row__empty, [role="alert"]')) return false; // would push the rows down
  }
  const vh = doc.defaultView?.innerHeight ?? 0;
  // Rows on screen still waiting for their brands would swap tiles for placeholders.
  for (const p of shop.querySelectorAll('.sp-row__placeholder')) if (p.getBoundingClientRect().top < vh) return false;
  return true;
}

/** Stylesheets the page had when the app's code started: the entry's, which every start loads before
 *  the snapshot shows. Sheets added later (lazy screens' CSS chunks) are not there at the next start. */
export const STATIC_SHEETS: ReadonlySet<string> = new Set(
  typeof document === 'undefined'
    ? []
    : [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="preload"][as="style"][data-app-css]')].map((l) => l.href),
);

// ---------- capture (instant-capture.ts, loaded when a screen is first ready: not in the first paint) ----------

let capture: typeof import('./instant-capture').captureScreen | null = null;
let loading: Promise<void> | null = null;
export function loadCapture(): Promise<void> {
  loading ??= import('./instant-capture').then(
    (m) => {
      capture = m.captureScreen;
    },
    () => {
      loading = null; // try again at the next ready signal
    },
  );
  return loading;
}

// ---------- wiring ----------

let ownerNow: string | null = null;
/** The owner for whom the live screen last signalled ready: nothing is saved for a new owner before
 *  their own content has rendered (a logout must never file the previous user's screen as a visitor's). */
let readyFor: string | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

/** Capture and store the screen in location.hash, if it is a snapshot screen showing its content. */
export function saveCurrentScreen(doc: Document = document, storage: KV | null = local()): boolean {
  const at = instantScreenForHash(doc.defaultView?.location.hash ?? '');
  if (!at || ownerNow == null || readyFor !== ownerNow) return false;
  if (at.screen === 'wallet' && ownerNow === 'visitor') return false;
  // Only a screen showing its content, and never the picture of a picture.
  if (!liveScreenReady(at.screen, doc) || shownSnapshot(doc)) return false;
  const html = capture?.(at.screen, STATIC_SHEETS, doc);
  if (!html) return false;
  return writeInstantSnapshot({ owner: ownerNow, lang: at.lang, screen: at.screen, html }, storage);
}

/**
 * Called by the shop rows and the wallet list (layout effect) whenever they rendered content: removes
 * the snapshot of that screen in the same frame, and saves a fresh one a couple of seconds later.
 */
export function markScreenReady(screen: InstantScreen): void {
  if (typeof document === 'undefined' || !liveScreenReady(screen)) return;
  readyFor = ownerNow;
  void loadCapture();
  const shown = shownSnapshot();
  if (shown && shown.dataset.screen === screen) removeInstantSnapshot();
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    saveTimer = null;
    saveCurrentScreen();
  }, INSTANT_SAVE_DELAY_MS);
}

/** The route resolved: a snapshot of another screen (a redirect, a link) goes at once. */
export function onRouteShown(hash: string): void {
  const shown = typeof document === 'undefined' ? null : shownSnapshot();
  if (!shown) return;
  const at = instantScreenForHash(hash);
  if (!at || at.screen !== shown.dataset.screen) removeInstantSnapshot();
}

/**
 * Follow the session's owner (after hydrate; signed in but the user unknown is no owner), drop a
 * snapshot shown for another owner, and save on hide / page leave.
 */
export function startInstantStart(owner: string | null): void {
  setOwner(owner);
  if (typeof window === 'undefined') return;
  window.addEventListener(SCREEN_READY_EVENT, (e) => {
    const screen = (e as CustomEvent<unknown>).detail;
    if (screen === 'shop' || screen === 'wallet') markScreenReady(screen);
  });
  const save = () => {
    if (document.visibilityState === 'hidden') saveCurrentScreen();
  };
  document.addEventListener('visibilitychange', save);
  window.addEventListener('pagehide', () => saveCurrentScreen());
}

/** The session's owner changed (sign-in, user loaded, logout). */
export function setOwner(owner: string | null): void {
  if (owner !== ownerNow) {
    ownerNow = owner;
    readyFor = null;
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
  }
  setInstantOwner(owner);
  if (typeof document === 'undefined') return;
  const shown = shownSnapshot();
  if (shown && shown.dataset.owner !== owner) removeInstantSnapshot();
}

export function resetInstantStartForTests(): void {
  ownerNow = null;
  readyFor = null;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
}
