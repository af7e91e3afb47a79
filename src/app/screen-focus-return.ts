// Back (or a back arrow) to a screen puts focus on what was opened from it (the card, the row, the link),
// not on the screen's title, so a keyboard or screen-reader user carries on where they were. What each
// history entry's screen opened is remembered by the entry's index, for this page load.
import { useEffect, useRef, type RefObject } from 'react';
import { moveFocus } from '../ui/focus';

/** How long the opened control is sought while the screen's content is still arriving (chunk, data). */
const SEEK_FOR_MS = 1000;

interface Opened {
  tag: string;
  text: string;
}

const opened = new Map<number, Opened>();

function controlOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>('a[href], button') : null;
}

export function useFocusReturn(content: RefObject<HTMLElement | null>, index: number, screenPath: string): void {
  const current = useRef(index);
  const shown = useRef(screenPath);

  useEffect(() => {
    const box = content.current;
    if (!box) return;
    const onClick = (e: MouseEvent) => {
      const el = controlOf(e.target);
      if (el && box.contains(el)) opened.set(current.current, { tag: el.tagName, text: el.textContent?.trim() ?? '' });
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
    if (!back || !want?.text) return;
    const box = content.current;
    const find = () =>
      Array.from(box?.querySelectorAll<HTMLElement>(want.tag === 'A' ? 'a[href]' : 'button') ?? []).find((el) => el.textContent?.trim() === want.text);
    const until = performance.now() + SEEK_FOR_MS;
    let frame = 0;
    const seek = () => {
      const el = find();
      if (el) return moveFocus(el);
      if (performance.now() < until) frame = requestAnimationFrame(seek);
    };
    frame = requestAnimationFrame(seek);
    return () => cancelAnimationFrame(frame);
  }, [index, screenPath, content]);
}
