/** A small "Copy" button for a card's number or PIN; the outcome is a toast (announced politely). */
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { showToast } from '../../ui/toast';

export function CopyButton(props: { text: string; label: string; copied: string }) {
  const { t } = useTranslation('wallet');
  const copy = async () => {
    if (await copyText(props.text)) showToast(props.copied, { tone: 'success' });
    else showToast(t('copy_failed'), { tone: 'error', duration: 4000 });
  };
  return (
    <button type="button" className="sp-link-button" aria-label={props.label} onClick={() => void copy()}>
      {t('copy')}
    </button>
  );
}
