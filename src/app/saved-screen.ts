/**
 * An installed start shows the opening screen's saved picture (src/offline/save-screen.ts) in place of
 * the skeleton as soon as its stylesheets are applied, before the app has read its session, saved
 * data and translations: on an offline start the wallet's cards were ~100 ms behind a static page for
 * that (tests/bench/RESULTS.md section 9). The picture is inert and hidden from assistive technology;
 * React's first render replaces it (the same screen, drawn from the same saved data).
 */
import { appBuild, savedScreenKey, type SavedScreen } from '../offline/saved-screen-store';
import { afterNextPaint } from '../lib/after-paint';
import { applyAppStyles, stylesheetApplied } from './app-styles';

/** Resolves once the picture has painted, or at once without one. The app's first render waits for it
 *  (Vite's preload of a screen's stylesheet does not wait for one added here), and so does the boot's
 *  next long task (the route tree): ahead of it, it held the picture's frame back by ~30–50 ms. */
function showSavedScreen(hash: string): Promise<void> {
  let saved: SavedScreen | null = null;
  try {
    saved = JSON.parse(localStorage.getItem(savedScreenKey(hash)) ?? 'null') as SavedScreen | null;
  } catch {
    /* unreadable: start without it */
  }
  // A start in a background tab has no one to show it to.
  if (!saved || saved.build !== appBuild() || document.hidden) return Promise.resolve();
  const { html, css } = saved;
  const app = applyAppStyles(document);
  // The screen's own stylesheets (the app's are applied above); none is on the page yet, this early.
  const links = css.map((href) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = ''; // as Vite's preload adds it, so the file is not fetched twice
    link.href = href;
    document.head.append(link);
    return link;
  });
  return Promise.all([app, ...links.map(stylesheetApplied)]).then(() => {
    const root = document.getElementById('root');
    // Never unstyled (a file failed), never over the app (it rendered first).
    if (links.some((l) => !l.sheet) || !root?.firstElementChild?.classList.contains('boot')) return;
    root.innerHTML = `<div class="saved-screen" inert aria-hidden="true">${html}</div>`;
    return new Promise<void>((painted) => {
      afterNextPaint(painted);
      setTimeout(painted, 100); // a page hidden meanwhile paints no frame: the boot goes on
    });
  });
}

/**
 * Started by this module's evaluation (main.tsx imports it right after the boot's IndexedDB reads
 * start), so the stylesheets load while the rest of the entry is evaluated. Only the installed app
 * (its worker serves the page) has pictures to show.
 */
export const savedScreenShown: Promise<void> =
  typeof navigator !== 'undefined' && navigator.serviceWorker?.controller ? showSavedScreen(window.location.hash) : Promise.resolve();
