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

/** One run per document: a second call gets the first call's promise (no second stylesheet). */
const started = new WeakMap<Document, Promise<void>>();

/** Applies every `data-app-css` preload of the document as a stylesheet; resolves when all are loaded (or failed). */
export function applyAppStyles(doc: Document): Promise<void> {
  let ready = started.get(doc);
  if (!ready) {
    ready = applyPreloads(doc);
    started.set(doc, ready);
  }
  return ready;
}

function applyPreloads(doc: Document): Promise<void> {
  const waits: Promise<void>[] = [];
  for (const preload of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-css]')) {
    const href = preload.getAttribute('href');
    if (!href) continue;
    const sheet = doc.createElement('link');
    sheet.rel = 'stylesheet';
    // Same mode as the preload, or the browser fetches the file a second time.
    const cors = preload.getAttribute('crossorigin');
    if (cors !== null) sheet.setAttribute('crossorigin', cors);
    sheet.href = href;
    waits.push(applied(sheet));
    // In place of the preload: same cascade order as the old blocking links, before any lazy chunk's CSS.
    preload.after(sheet);
  }
  return Promise.all(waits).then(() => undefined);
}

/**
 * Started when main.tsx loads (its first import), in the next task: parsing the stylesheet then is not
 * added to the entry's evaluation, already the longest task of the start. The cascade order does not
 * depend on the timing: each sheet takes its preload's place, before any lazy chunk's stylesheet.
 */
export const appStylesReady: Promise<void> =
  typeof document === 'undefined' ? Promise.resolve() : new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => applyAppStyles(document));
