import { useTranslation } from 'react-i18next';

/** Loading indicator. `label` is announced (defaults to "Loading"); pass '' inside a labelled button. */
export function Spinner({ label, size = 'medium' }: { label?: string; size?: 'small' | 'medium' | 'large' }) {
  const { t } = useTranslation('common');
  const text = label ?? t('loading');
  return (
    <span className={`spinner spinner-${size}`} role={text ? 'status' : undefined} aria-label={text || undefined} aria-hidden={text ? undefined : true}>
      <span className="spinner-ring" aria-hidden="true" />
    </span>
  );
}

export function CenteredSpinner({ label }: { label?: string }) {
  return (
    <div className="center-block">
      <Spinner label={label} size="large" />
    </div>
  );
}
