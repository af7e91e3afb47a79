// The one way the app announces status messages (toasts, sync outcomes, offline/online, result counts,
// payment progress) to screen readers without moving focus: announce(text, politeness).
// An open modal dialog makes the rest of the page inert, and inert live regions are silent, so every
// Modal renders its own <LiveRegions/> and messages go to the topmost mounted pair.
import { useLayoutEffect, useRef } from 'react';

export type Politeness = 'polite' | 'assertive';

interface Regions {
  polite: HTMLElement;
  assertive: HTMLElement;
  /** How many dialogs hold it: the deepest pair is the one not made inert by a modal above it. */
  depth: number;
}

const stack: Regions[] = [];
/** How long a message stays in its region (long enough to be read back; tests assert it there). */
const KEEP_MS = 10_000;
/** Messages this recent move to the next region when theirs goes away (a dialog closing right after). */
const CARRY_MS = 1_500;
const recent: { text: string; politeness: Politeness; at: number }[] = [];

function write(regions: Regions, text: string, politeness: Politeness) {
  const region = regions[politeness];
  const line = document.createElement('p');
  // Added a tick after the region exists and is empty of this text, so a repeat is read again.
  for (const old of Array.from(region.children)) if (old.textContent === text) old.remove();
  setTimeout(() => {
    line.textContent = text;
    region.append(line);
    setTimeout(() => line.remove(), KEEP_MS);
  }, 50);
}

/** Announces `text` through the topmost live region: 'assertive' for errors, 'polite' otherwise. */
export function announce(text: string, politeness: Politeness = 'polite'): void {
  if (!text) return;
  const now = Date.now();
  recent.push({ text, politeness, at: now });
  while (recent.length && now - recent[0]!.at > CARRY_MS) recent.shift();
  const top = topRegions();
  if (top) write(top, text, politeness);
}

function dialogDepth(el: Element): number {
  let n = 0;
  for (let d = el.closest('dialog'); d; d = d.parentElement?.closest('dialog') ?? null) n++;
  return n;
}

function topRegions(): Regions | undefined {
  let top: Regions | undefined;
  for (const r of stack) if (!top || r.depth >= top.depth) top = r;
  return top;
}

/** A polite and an assertive live region; mounted by the app layout and inside every modal dialog. */
export function LiveRegions() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const wrap = ref.current!;
    const entry: Regions = { polite: wrap.children[0] as HTMLElement, assertive: wrap.children[1] as HTMLElement, depth: dialogDepth(wrap) };
    stack.push(entry);
    return () => {
      const wasTop = topRegions() === entry;
      stack.splice(stack.indexOf(entry), 1);
      const top = topRegions();
      const now = Date.now();
      if (wasTop && top) for (const m of recent) if (now - m.at <= CARRY_MS) write(top, m.text, m.politeness);
    };
  }, []);
  return (
    <div ref={ref} className="visually-hidden">
      <div aria-live="polite" data-live="polite" />
      <div aria-live="assertive" data-live="assertive" />
    </div>
  );
}
