/** A horizontal row with previous/next arrows that scroll by a fixed step (SPEC §9: 360px for targets). */
import { useRef, type ReactNode } from 'react';

export function Scroller({ step, prevLabel, nextLabel, children, label }: {
  step: number;
  prevLabel: string;
  nextLabel: string;
  label: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const scroll = (dir: 1 | -1) => ref.current?.scrollBy({ left: dir * step, behavior: 'smooth' });
  return (
    <div className="tgt-scroller">
      <button type="button" className="tgt-arrow tgt-arrow-prev" aria-label={prevLabel} onClick={() => scroll(-1)}>
        <span aria-hidden="true">‹</span>
      </button>
      <ul ref={ref} className="tgt-row" aria-label={label}>
        {children}
      </ul>
      <button type="button" className="tgt-arrow tgt-arrow-next" aria-label={nextLabel} onClick={() => scroll(1)}>
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
