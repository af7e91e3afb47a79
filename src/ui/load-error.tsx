/** A failed load shows 'something_went_wrong' in red, translated, with a way to retry. */
import { useTranslation } from 'react-i18next';
import './load-error.css';

export function LoadError(props: { onRetry: () => void }) {
  const { t } = useTranslation('shop');
  return (
    <div className="sp-error" role="alert">
      <p className="sp-error__text">{t('something_went_wrong')}</p>
      <button type="button" className="sp-button sp-button--secondary" onClick={props.onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
