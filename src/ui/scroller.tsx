// A horizontal row with previous/next arrow buttons that scroll by `step` px (SPEC: 400 shop, 360 targets).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon, NextIcon } from './icons';

export function Scroller({ children, step = 400, label, className }: { children: ReactNode; step?: number; label: string; className?: string }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const frame = useRef(0);
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = el.scrollLeft <= 1;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
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
    measure();
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure, children]);
  const scroll = (dir: 1 | -1) => ref.current?.scrollBy({ left: dir * step, behavior: 'smooth' });
  return (
    <div className={['scroller', className ?? ''].join(' ')}>
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
