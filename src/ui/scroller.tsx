// A horizontal row with previous/next arrow buttons that scroll by `step` px (400 shop, 360 targets).
// An edge with more content beyond it fades out, so a row cut off at the screen's edge shows it scrolls.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon, NextIcon } from './icons';
import { scrollBehavior } from './motion';

const EDGE_PX = 4;

export function Scroller({ children, step = 400, label, className }: { children: ReactNode; step?: number; label: string; className?: string }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const frame = useRef(0);
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // A few px of slack: scroll snapping rests the track at its 2px padding, not at 0.
    const start = el.scrollLeft <= EDGE_PX;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - EDGE_PX;
    // Re-render only when an arrow's enabled state changes, not on every scroll position.
    setEdges((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
  }, []);
  // Scroll events come many times a frame: read the position at most once per animation frame.
  const onScroll = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      measure();
    });
  }, [measure]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') return measure();
    // observe() reports once right after the next layout: the arrows are measured then, without
    // forcing a layout of the whole page in the middle of the render's effects (long task at boot).
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure, children]);
  const scroll = (dir: 1 | -1) => ref.current?.scrollBy({ left: dir * step, behavior: scrollBehavior() });
  return (
    <div className={['scroller', edges.start ? '' : 'scroller--more-before', edges.end ? '' : 'scroller--more-after', className ?? ''].filter(Boolean).join(' ')}>
      <button type="button" className="scroller-arrow scroller-prev" aria-label={t('scrollPrevious', { label })} disabled={edges.start} onClick={() => scroll(-1)}>
        <BackIcon />
      </button>
      <div ref={ref} className="scroller-track" role="list" aria-label={label} onScroll={onScroll}>
        {children}
      </div>
      <button type="button" className="scroller-arrow scroller-next" aria-label={t('scrollNext', { label })} disabled={edges.end} onClick={() => scroll(1)}>
        <NextIcon />
      </button>
    </div>
  );
}
