/** The "Update available" card (a lazy chunk: it shows only once a new version waits; update-prompt.tsx). */
import { useTranslation } from 'react-i18next';
import { applyUpdate, dismissUpdate } from './register-sw';

export function UpdateCard({ applying }: { applying: boolean }) {
  const { t } = useTranslation('offline');
  return (
    <section className="pwa-card pwa-update" role="region" aria-labelledby="pwa-update-title">
      <div>
        <h2 id="pwa-update-title" className="pwa-card-title">
          {t('update.available')}
        </h2>
        <p className="pwa-card-body">{t('update.body')}</p>
      </div>
      <div className="pwa-card-actions">
        <button type="button" className="btn btn-secondary" onClick={dismissUpdate} disabled={applying}>
          {t('update.later')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void applyUpdate()} disabled={applying} aria-busy={applying || undefined}>
          {applying ? t('update.applying') : t('update.accept')}
        </button>
      </div>
    </section>
  );
}
