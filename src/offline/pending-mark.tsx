/**
 * The "not yet synced" mark for favorites and targets changed through the outbox, and small
 * hooks that tell a tile whether (and to what) its thing is pending.
 */
import { useTranslation } from 'react-i18next';
import { usePendingChanges } from './outbox-state';

/** The pending favorite value of a brand, or undefined when nothing is queued for it. */
export function usePendingFavorite(brandId: number): boolean | undefined {
  const changes = usePendingChanges();
  for (let i = changes.length - 1; i >= 0; i -= 1) {
    const c = changes[i];
    if (c.kind === 'favorite' && c.brandId === brandId) return c.favorite;
  }
  return undefined;
}

/** The pending selected value of a target, or undefined when nothing is queued for it. */
export function usePendingTarget(targetId: number): boolean | undefined {
  const changes = usePendingChanges();
  for (let i = changes.length - 1; i >= 0; i -= 1) {
    const c = changes[i];
    if (c.kind === 'target' && c.targetId === targetId) return c.selected;
  }
  return undefined;
}

/** A small clock badge with the accessible text "Waiting to sync". */
export function PendingMark({ className }: { className?: string }) {
  const { t } = useTranslation('offline');
  return (
    <span className={['pending-mark', className ?? ''].join(' ').trim()} title={t('pending')} data-pending="true">
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" focusable="false">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5V8l2.5 1.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">{t('pending')}</span>
    </span>
  );
}
