/** A failed load: a red line (by default 'something_went_wrong') and a way to retry; screens may word both. */
import { useTranslation } from 'react-i18next';
import './load-error.css';

export function LoadError(props: { onRetry: () => void; message?: string; retryLabel?: string }) {
  const { t } = useTranslation('shop');
  return (
    <div className="sp-error" role="alert">
      <p className="sp-error__text">{props.message ?? t('something_went_wrong')}</p>
      <button type="button" className="sp-button sp-button--secondary" onClick={props.onRetry}>
        {props.retryLabel ?? t('retry')}
      </button>
    </div>
  );
}
