// A horizontal row with previous/next arrow buttons that scroll by `step` px (SPEC: 400 shop, 360 targets).
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon, NextIcon } from './icons';

export function Scroller({ children, step = 400, label, className }: { children: ReactNode; step?: number; label: string; className?: string }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);
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
      <div ref={ref} className="scroller-track" role="list" aria-label={label} onScroll={measure}>
        {children}
      </div>
      <button type="button" className="scroller-arrow scroller-next" aria-label={t('scrollNext', { label })} disabled={edges.end} onClick={() => scroll(1)}>
        <NextIcon />
      </button>
    </div>
  );
}
