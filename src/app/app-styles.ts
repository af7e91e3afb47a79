/**
 * The app's stylesheets without blocking the first paint. The build (vite.config.ts,
 * `nonBlockingAppCss`) names them in index.html as `<link rel="preload" as="style" data-app-css>`:
 * fetched at once at the highest priority, but the inline-styled skeleton paints as soon as the HTML
 * is in. This module (main.tsx imports it first) turns each preload into a stylesheet in place and
 * `appStylesReady` resolves once all of them are applied; main.tsx awaits it before React renders, so
 * the app itself never shows unstyled. In dev, Vite injects the CSS from JS and there is nothing to wait for.
 */

function applied(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      link.removeEventListener('load', done);
      link.removeEventListener('error', done);
      resolve(); // a failed stylesheet must not keep the app from starting (the old blocking <link> did not either)
    };
    link.addEventListener('load', done);
    link.addEventListener('error', done);
  });
}

/** A link someone else added may have failed before we listened (no second event): never wait forever. */
const EXISTING_MAX_WAIT_MS = 10_000;
function appliedOrLate(link: HTMLLinkElement): Promise<void> {
  return Promise.race([applied(link), new Promise<void>((r) => setTimeout(r, EXISTING_MAX_WAIT_MS))]);
}

/** Applies every `data-app-css` preload of the document as a stylesheet; resolves when all are loaded (or failed). */
export function applyAppStyles(doc: Document): Promise<void> {
  const waits: Promise<void>[] = [];
  // Another boot script (the offline instant start) may already have turned a preload into a stylesheet.
  for (const sheet of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-app-css]')) waits.push(appliedOrLate(sheet));
  const preloads = doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-css]');
  for (const preload of preloads) {
    const href = preload.getAttribute('href');
    if (!href) continue;
    // Someone (an earlier call, another boot script) may have applied it already: wait for that one.
    const existing = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].find((l) => l.getAttribute('href') === href);
    if (existing) {
      waits.push(appliedOrLate(existing));
      continue;
    }
    const sheet = doc.createElement('link');
    sheet.rel = 'stylesheet';
    // Same mode as the preload, or the browser fetches the file a second time.
    const cors = preload.getAttribute('crossorigin');
    if (cors !== null) sheet.setAttribute('crossorigin', cors);
    sheet.href = href;
    const wait = applied(sheet);
    // In place of the preload: same cascade order as the old blocking links, before any lazy chunk's CSS.
    preload.after(sheet);
    waits.push(wait);
  }
  return Promise.all(waits).then(() => undefined);
}

/** Started when main.tsx loads (its first import), before any lazy chunk can add stylesheets of its own. */
export const appStylesReady: Promise<void> = typeof document === 'undefined' ? Promise.resolve() : applyAppStyles(document);
