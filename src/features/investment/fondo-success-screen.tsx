/** Fondo Success: congratulations and the fund document in a new tab. */
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { useGo } from '../../lib/navigation';
import { Button } from '../../ui/button';
import { ScreenHeader } from '../../ui/screen-header';
import { fundDocumentUrl } from './api';
import './investment.css';

export function FondoSuccessScreen() {
  const { t } = useTranslation('investment');
  const go = useGo();
  const lang = useLang();
  return (
    <div className="inv-screen inv-success">
      <ScreenHeader title={t('success.title')} />
      <div className="inv-success-mark" aria-hidden="true">✓</div>
      <p className="inv-intro">{t('success.text')}</p>
      <a className="btn btn-primary btn-block" href={fundDocumentUrl(lang)} target="_blank" rel="noopener noreferrer">
        {t('success.document')}
        <span className="visually-hidden"> ({t('success.documentHint')})</span>
      </a>
      <Button variant="secondary" block onClick={() => go('/menu')}>
        {t('success.toMenu')}
      </Button>
    </div>
  );
}
