import { describe, expect, it } from 'vitest';
import { applyAppStyles } from './app-styles';

// happy-dom "loads" a stylesheet link as soon as it is connected (it fires 'error': CSS loading is
// off in tests). The links created here ignore such events: the test fires load/error itself.
const quiet = new WeakSet<EventTarget>();

function docWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  doc.head.innerHTML = html;
  const create = doc.createElement.bind(doc);
  doc.createElement = ((tag: string) => {
    const el = create(tag);
    const dispatch = el.dispatchEvent.bind(el);
    quiet.add(el);
    el.dispatchEvent = (e: Event) => (quiet.has(el) ? true : dispatch(e));
    return el;
  }) as Document['createElement'];
  return doc;
}

const fire = (el: Element, type: 'load' | 'error') => {
  quiet.delete(el);
  el.dispatchEvent(new Event(type));
};

const settle = () => new Promise((r) => setTimeout(r, 10));

describe('applyAppStyles', () => {
  it('turns each data-app-css preload into a stylesheet in place, same CORS mode, and waits for all of them', async () => {
    const doc = docWith(
      '<style id="boot"></style>' +
        '<link rel="preload" as="style" crossorigin href="/assets/a.css" data-app-css>' +
        '<link rel="preload" as="style" href="/assets/b.css" data-app-css>' +
        '<link rel="preload" as="style" href="/assets/other.css">' +
        '<link rel="manifest" href="/manifest.webmanifest">',
    );
    let done = false;
    const ready = applyAppStyles(doc).then(() => (done = true));
    const sheets = [...doc.head.querySelectorAll('link[rel="stylesheet"]')];
    expect(sheets.map((l) => l.getAttribute('href'))).toEqual(['/assets/a.css', '/assets/b.css']);
    // In place: each right after its preload (the cascade order of the old blocking links).
    expect(sheets[0]!.previousElementSibling?.getAttribute('href')).toBe('/assets/a.css');
    expect(sheets[0]!.getAttribute('crossorigin')).toBe('');
    expect(sheets[1]!.hasAttribute('crossorigin')).toBe(false);

    await settle();
    expect(done).toBe(false);
    fire(sheets[0]!, 'load');
    await settle();
    expect(done).toBe(false); // b.css is still loading: the app must not render yet
    fire(sheets[1]!, 'error'); // a failed stylesheet does not keep the app from starting
    await ready;
    expect(done).toBe(true);
  });

  it('does not add a second stylesheet for one that is already applied', async () => {
    const doc = docWith('<link rel="preload" as="style" href="/assets/a.css" data-app-css>');
    const first = applyAppStyles(doc);
    const second = applyAppStyles(doc);
    const sheets = doc.head.querySelectorAll('link[rel="stylesheet"]');
    expect(sheets).toHaveLength(1);
    let done = 0;
    void first.then(() => done++);
    void second.then(() => done++);
    await settle();
    expect(done).toBe(0);
    fire(sheets[0]!, 'load');
    await Promise.all([first, second]);
  });

  it('resolves at once when the page names no app stylesheet (dev server)', async () => {
    await applyAppStyles(docWith('<link rel="icon" href="/favicon.ico">'));
  });
});
