/**
 * Keeps a picture of the screen shown at `hash` for the next start (src/app/saved-screen.ts): its
 * markup and stylesheets, written when the page hides (switching apps, closing, reloading). Not while
 * a field holds text or a dialog is open over the screen (the next start shows neither); folded
 * sections are saved folded, as the next start draws them. Kept apart by network state
 * (saved-screen-store.ts), so an offline start shows a picture saved offline, banner included.
 */
import { appBuild, savedScreenKey, type SavedScreen } from './saved-screen-store';

/** Larger pictures are not kept: reading them would hold up the start they are meant to speed up. */
const MAX_CHARS = 200_000;

export function saveScreenOnHide(hash: string): () => void {
  const save = () => {
    if (window.location.hash !== hash) return;
    const root = document.getElementById('root');
    if (!root || root.querySelector('.saved-screen') || root.querySelectorAll('dialog[open]').length > 1) return;
    // Online with changes waiting, the banner says so: the next start will most likely have sent them.
    if (navigator.onLine && root.querySelector('.offline-banner:not(.offline-banner-hidden)')) return;
    if ([...root.querySelectorAll('input, textarea')].some((el) => (el as HTMLInputElement).value !== '')) return;
    const copy = root.cloneNode(true) as HTMLElement;
    for (const el of copy.querySelectorAll('details[open]')) el.removeAttribute('open');
    const picture: SavedScreen = {
      build: appBuild(),
      html: copy.innerHTML,
      css: stylesheetRules(),
    };
    if (picture.html.length + picture.css.length > MAX_CHARS) return;
    try {
      localStorage.setItem(savedScreenKey(hash), JSON.stringify(picture));
    } catch {
      /* storage full: the next start draws without it */
    }
  };
  // Hidden also when the page is left or closed (before pagehide), as the saved query cache relies on.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') save();
  };
  document.addEventListener('visibilitychange', onVisibility);
  return () => document.removeEventListener('visibilitychange', onVisibility);
}

/** The app's and the screens' stylesheet files (not the skeleton's inline rules), as one text. */
function stylesheetRules(): string {
  let text = '';
  for (const sheet of document.styleSheets) {
    if (!(sheet.ownerNode instanceof HTMLLinkElement)) continue;
    try {
      for (const rule of sheet.cssRules) text += rule.cssText + '\n';
    } catch {
      /* not readable (another origin): none of ours */
    }
  }
  return text;
}
