// Back (or a back arrow) to a screen puts focus on what was opened from it (the card, the row, the link),
// not on the screen's title, so a keyboard or screen-reader user carries on where they were. What each
// history entry's screen opened is remembered by the entry's index, for this page load.
import { useEffect, useRef, type RefObject } from 'react';
import { moveFocus } from '../ui/focus';
import { SCREEN_TITLE_ID } from '../ui/screen-header';

/** How long the opened control is sought while the screen's content is still arriving (chunk, data). */
const SEEK_FOR_MS = 1000;

/** A link by its address; a button by its text and which of the buttons with that text it was. */
interface Opened {
  href?: string;
  text: string;
  nth: number;
}

const opened = new Map<number, Opened>();

function buttonsNamed(box: HTMLElement, text: string): HTMLElement[] {
  return Array.from(box.querySelectorAll<HTMLElement>('button')).filter((el) => el.textContent?.trim() === text);
}

function describe(box: HTMLElement, el: HTMLElement): Opened {
  const text = el.textContent?.trim() ?? '';
  const href = el.getAttribute('href');
  return href !== null ? { href, text, nth: 0 } : { text, nth: buttonsNamed(box, text).indexOf(el) };
}

function find(box: HTMLElement, want: Opened): HTMLElement | undefined {
  if (want.href !== undefined) return Array.from(box.querySelectorAll<HTMLElement>('a[href]')).find((el) => el.getAttribute('href') === want.href);
  return want.text ? buttonsNamed(box, want.text)[want.nth] : undefined;
}

export function useFocusReturn(content: RefObject<HTMLElement | null>, index: number, screenPath: string): void {
  const current = useRef(index);
  const shown = useRef(screenPath);

  useEffect(() => {
    const box = content.current;
    if (!box) return;
    const onClick = (e: MouseEvent) => {
      const el = e.target instanceof Element ? e.target.closest<HTMLElement>('a[href], button') : null;
      if (el && box.contains(el)) opened.set(current.current, describe(box, el));
    };
    box.addEventListener('click', onClick, true);
    return () => box.removeEventListener('click', onClick, true);
  }, [content]);

  useEffect(() => {
    // Back to another screen: an entry of the same screen going (a closed dialog's) keeps the dialog's
    // own focus return.
    const back = index < current.current && screenPath !== shown.current;
    current.current = index;
    shown.current = screenPath;
    const want = opened.get(index);
    const box = content.current;
    if (!back || !want || !box) return;
    const until = performance.now() + SEEK_FOR_MS;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    };
    // The person acting first (a tap, a key) ends the search: focus is theirs then.
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('keydown', stop, true);
    const seek = () => {
      const el = find(box, want);
      // Only while focus is on the screen's title or nowhere: a screen that placed focus itself keeps it.
      const free = !document.activeElement || document.activeElement === document.body || document.activeElement.id === SCREEN_TITLE_ID;
      if (el && free) {
        stop();
        return moveFocus(el);
      }
      if (performance.now() < until) frame = requestAnimationFrame(seek);
      else stop();
    };
    frame = requestAnimationFrame(seek);
    return stop;
  }, [index, screenPath, content]);
}
