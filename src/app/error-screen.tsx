// The default error screen for routing failures.
import { useTranslation } from 'react-i18next';

export function ErrorScreen({ error }: { error?: unknown }) {
  const { t } = useTranslation('common');
  if (error) console.error(error);
  return (
    <main className="error-screen" role="alert">
      <h1>Unexpected Application Error!</h1>
      {t('errors.unexpected') !== 'Unexpected Application Error!' ? <p lang="nl">{t('errors.unexpected')}</p> : null}
      <p>{t('errors.unexpectedBody')}</p>
      <a className="btn btn-primary" href="#/start" onClick={() => setTimeout(() => window.location.reload(), 0)}>
        {t('errors.goHome')}
      </a>
    </main>
  );
}
