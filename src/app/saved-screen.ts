/**
 * An installed start shows the opening screen's saved picture (src/offline/save-screen.ts) in place of
 * the skeleton while the entry downloads and is evaluated, before the app has read its session, saved
 * data and translations: on an offline start the wallet's cards were ~100 ms behind a static page for
 * that (tests/bench/RESULTS.md section 9). The picture is inert and hidden from assistive technology;
 * React's first render replaces it (the same screen, drawn from the same saved data).
 */
import { appBuild, savedScreenKey, type SavedScreen } from '../offline/saved-screen-store';
import { afterNextPaint } from '../lib/after-paint';

/** Resolves once the picture has painted, or at once without one. The boot's next long task (the route
 *  tree) waits for it: ahead of it, it held the picture's frame back by ~30–50 ms. */
function showSavedScreen(hash: string): Promise<void> {
  let saved: SavedScreen | null = null;
  try {
    saved = JSON.parse(localStorage.getItem(savedScreenKey(hash)) ?? 'null') as SavedScreen | null;
  } catch {
    /* unreadable: start without it */
  }
  const root = document.getElementById('root');
  // A start in a background tab has no one to show it to; another build's markup may not fit.
  if (!saved || saved.build !== appBuild() || document.hidden || !root?.firstElementChild?.classList.contains('boot')) return Promise.resolve();
  const picture = document.createElement('div');
  picture.className = 'saved-screen';
  picture.inert = true;
  picture.setAttribute('aria-hidden', 'true');
  picture.innerHTML = saved.html;
  // Its rules come with it (the app's stylesheet files are not applied yet this early).
  const style = document.createElement('style');
  style.textContent = saved.css;
  picture.prepend(style);
  root.replaceChildren(picture);
  return new Promise<void>((painted) => {
    afterNextPaint(painted);
    setTimeout(painted, 100); // a page hidden meanwhile paints no frame: the boot goes on
  });
}

/**
 * Shows the picture saved for this address, if there is one to show: run by the early script, or by the
 * entry when that has not run (src/app/early-start.ts). Only the installed app (its worker serves the
 * page) has pictures to show.
 */
export function startSavedScreen(): Promise<void> {
  return typeof navigator !== 'undefined' && navigator.serviceWorker?.controller ? showSavedScreen(window.location.hash) : Promise.resolve();
}
