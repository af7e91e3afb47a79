// A card-like tile. Renders a <button> when given onClick, a link when given href, else a <div>.
import type { ReactNode } from 'react';

export function Tile({
  children,
  onClick,
  href,
  label,
  className,
  role,
}: {
  children: ReactNode;
  onClick?: () => void;
  href?: string;
  /** accessible name when the visible content is not enough */
  label?: string;
  className?: string;
  role?: string;
}) {
  const cls = ['tile', className ?? ''].join(' ');
  if (href) {
    return (
      <a className={cls} href={href} aria-label={label} role={role}>
        {children}
      </a>
    );
  }
  if (onClick) {
    return (
      <button type="button" className={cls} onClick={onClick} aria-label={label}>
        {children}
      </button>
    );
  }
  return (
    <div className={cls} role={role} aria-label={label}>
      {children}
    </div>
  );
}
