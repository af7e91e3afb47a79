// Accessible tabs (WAI-ARIA tabs pattern): arrow keys move between tabs, the panel is labelled by its tab.
import { useId, useRef, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export function Tabs<K extends string>({
  items,
  value,
  onChange,
  label,
  children,
}: {
  items: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  children?: ReactNode;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const idx = Math.max(0, items.findIndex((i) => i.key === value));
  const move = (to: number) => {
    const n = (to + items.length) % items.length;
    onChange(items[n]!.key);
    refs.current[n]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist">
        {items.map((item, i) => (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${item.key}`}
            aria-selected={item.key === value}
            aria-controls={`${base}-panel`}
            tabIndex={item.key === value ? 0 : -1}
            className={item.key === value ? 'tab tab-active' : 'tab'}
            onClick={() => onChange(item.key)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') move(i + 1);
              else if (e.key === 'ArrowLeft') move(i - 1);
              else if (e.key === 'Home') move(0);
              else if (e.key === 'End') move(items.length - 1);
              else return;
              e.preventDefault();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
      {children !== undefined ? (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${items[idx]?.key}`} className="tabpanel">
          {children}
        </div>
      ) : null}
    </div>
  );
}
