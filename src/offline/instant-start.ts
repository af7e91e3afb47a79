/**
 * Instant start snapshot (README.md in this folder, "Instant start snapshot").
 *
 * The app saves the rendered markup of the shop's or the wallet's above-the-fold content to
 * localStorage (when the page is hidden or left, and a couple of seconds after the screen is ready
 * with data), keyed by screen, owner (user id or 'visitor') and build id. On the next start,
 * public/instant-start.js (a tiny classic `defer` script, precached by the worker) shows it before the
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

// ---------- capture ----------

/** Never in a snapshot: transient or personal parts that the next start must not show. */
const SKIP = '.skip-link, .toaster, .pwa-cards, .mobile-menu, dialog.modal-small, script, template, [data-instant="skip"]';
const STRIP_ATTRS = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'aria-activedescendant', 'aria-modal', 'autofocus', 'contenteditable', 'popover', 'name', 'data-focused-for'];
const FOCUSABLE = 'a, button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]';

/** Copy `orig`'s children into `copy` (same structure), dropping what lies wholly below or right of
 *  the first screenful. (sx, sy): how far the content is scrolled (window, row scrollers), so a
 *  scrolled page still yields its top, which is what the next start shows. */
function pruneBelowFold(orig: Element, copy: Element, sx: number, sy: number, vw: number, vh: number): void {
  const drop: Element[] = [];
  const oc = orig.children;
  const cc = copy.children;
  for (let i = 0; i < oc.length; i++) {
    const o = oc[i]!;
    const c = cc[i];
    if (!c) break;
    if (o.matches(SKIP)) {
      drop.push(c);
      continue;
    }
    const pos = getComputedStyle(o).position;
    let nx = sx;
    let ny = sy;
    if (pos === 'fixed' || pos === 'sticky' || o.tagName === 'DIALOG') {
      nx = 0; // drawn relative to the viewport: no page scroll to add
      ny = 0;
    } else {
      const r = o.getBoundingClientRect();
      if ((r.width > 0 || r.height > 0) && (r.top + sy >= vh || r.left + sx >= vw)) {
        drop.push(c);
        continue;
      }
    }
    pruneBelowFold(o, c, nx + o.scrollLeft, ny + o.scrollTop, vw, vh);
  }
  for (const c of drop) c.remove();
}

/** Stylesheets the page had when the app's code started: the entry's, which every start loads before
 *  the snapshot shows. Sheets added later (lazy screens' CSS chunks) are not there at the next start. */
const STATIC_SHEETS: ReadonlySet<string> = new Set(
  typeof document === 'undefined' ? [] : [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href),
);

function selectorMatches(selector: string, copy: Element): boolean {
  const sel = selector.replace(/::?(before|after|placeholder|marker|selection|backdrop|first-line|first-letter|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)(\([^)]*\))?/g, '');
  try {
    return copy.matches(sel) || copy.querySelector(sel) !== null;
  } catch {
    return false;
  }
}

function rulesFor(rules: CSSRuleList, copy: Element): string {
  let out = '';
  for (const r of rules) {
    if (r instanceof CSSStyleRule) {
      if (selectorMatches(r.selectorText, copy)) out += r.cssText;
    } else if (r instanceof CSSMediaRule) {
      const inner = rulesFor(r.cssRules, copy);
      if (inner) out += `@media ${r.conditionText}{${inner}}`;
    } else if (r instanceof CSSSupportsRule) {
      const inner = rulesFor(r.cssRules, copy);
      if (inner) out += `@supports ${r.conditionText}{${inner}}`;
    } else if (r instanceof CSSKeyframesRule) {
      out += r.cssText;
    }
  }
  return out;
}

/** The rules of lazily loaded stylesheets that style the copy (e.g. the wallet screen's CSS chunk),
 *  so the snapshot looks the same before that chunk has loaded. */
function lazyCss(copy: Element, doc: Document): string {
  let out = '';
  for (const sheet of doc.styleSheets) {
    const owner = sheet.ownerNode;
    if (!(owner instanceof HTMLLinkElement) || STATIC_SHEETS.has(owner.href)) continue;
    try {
      out += rulesFor(sheet.cssRules, copy);
    } catch {
      /* not readable */
    }
  }
  return out;
}

/** Make the copy a picture: no ids, no values, nothing focusable, no handlers. */
function sanitize(copy: Element): void {
  const all = [copy, ...copy.querySelectorAll('*')];
  for (const el of all) {
    for (const a of STRIP_ATTRS) el.removeAttribute(a);
    for (const attr of [...el.attributes]) if (/^on/i.test(attr.name)) el.removeAttribute(attr.name);
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      el.removeAttribute('value');
      el.removeAttribute('checked');
      if (el instanceof HTMLTextAreaElement) el.textContent = '';
    }
    if (el.matches(FOCUSABLE)) el.setAttribute('tabindex', '-1');
  }
  // The offline banner reflects the moment of capture, not the next start.
  for (const b of copy.querySelectorAll('.offline-banner')) {
    b.className = 'offline-banner offline-banner-hidden';
    b.replaceChildren();
  }
}

/**
 * The markup of the live screen's first screenful, or null when the screen is not showing its
 * content right now (loading, a search or category chosen, an order in progress, a small dialog open).
 */
export function captureScreen(screen: InstantScreen, doc: Document = document): string | null {
  const win = doc.defaultView;
  const app = doc.querySelector('#root > .app');
  if (!win || !app || !liveScreenReady(screen, doc)) return null;
  if (shownSnapshot(doc)) return null; // the picture of a picture: keep the saved one
  if (app.querySelector('dialog.modal-small[open]')) return null;
  const dialog = app.querySelector('dialog.screen-modal');
  if (screen === 'shop' && (dialog || app.querySelector('.sp-results, .sp-notice'))) return null;
  if (screen === 'wallet' && (!dialog || dialog.querySelector('.sp-wallet__progress, .sp-wallet__ok, .sp-wallet__warn'))) return null;

  const vw = win.innerWidth;
  const vh = win.innerHeight;
  const copy = app.cloneNode(true) as Element;
  pruneBelowFold(app, copy, win.scrollX, win.scrollY, vw, vh);
  if (screen === 'wallet') {
    const body = dialog!.querySelector('.modal-body');
    const r = body?.getBoundingClientRect();
    const cdialog = copy.querySelector('dialog.screen-modal');
    if (!cdialog) return null;
    if (r && r.left <= 0 && r.width >= vw - 1 && r.height >= vh - 1) {
      // The screen covers the whole viewport (phones): the shop behind it is not needed.
      copy.replaceChildren(cdialog);
    } else {
      const backdrop = doc.createElement('div');
      backdrop.className = 'sp-instant__backdrop';
      cdialog.before(backdrop);
    }
  }
  sanitize(copy);
  const css = lazyCss(copy, doc).replace(/<\/style/gi, '<\\/style');
  return (css ? `<style>${css}</style>` : '') + copy.outerHTML;
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
  const html = captureScreen(at.screen, doc);
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
