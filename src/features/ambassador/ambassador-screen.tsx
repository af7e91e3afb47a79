/**
 * Ambassador: the user's referral link. Share uses the native share sheet where the
 * browser has one (called straight from the tap; cancelling is not an error); otherwise the share
 * options modal. Copy shows the toast for 1900 ms and the "copied" flag clears after 3000 ms.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { ScreenHeader } from '../../ui/screen-header';
import { showToast } from '../../ui/toast';
import { copyText } from '../../lib/clipboard';
import { ShareOptionsModal } from './share-options-modal';
import './ambassador.css';
import { useBackTo } from '../../lib/screen-trail';

export const COPY_TOAST_MS = 1900;
export const COPIED_FLAG_MS = 3000;

export function AmbassadorScreen() {
  const { t } = useTranslation('ambassador');
  const backTo = useBackTo();
  const { user } = useSession();
  const link = user?.ambassador_link ?? '';
  const code = user?.ambassador_code ?? '';
  const [optionsOpen, setOptionsOpen] = useState(false);
  const { copied, copy } = useCopy(link);
  const linkId = useId();

  const share = () => {
    const data = { url: link, title: t('shareTitle'), text: t('shareText') };
    // Called synchronously in the click handler: the share sheet needs the user's gesture.
    if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
      navigator.share(data).catch((err: unknown) => {
        if ((err as Error)?.name === 'AbortError') return; // the user closed the sheet
        setOptionsOpen(true);
      });
      return;
    }
    setOptionsOpen(true);
  };

  return (
    <div className="amb-screen">
      <ScreenHeader title={t('title')} onBack={backTo('/menu')} />
      <p className="amb-intro">{t('intro')}</p>
      {link ? (
        <>
          <label className="amb-label" htmlFor={linkId}>
            {t('linkLabel')}
          </label>
          <input
            id={linkId}
            className="amb-link"
            type="text"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="ambassador-link"
          />
          {code ? (
            <p className="amb-code">
              {t('codeLabel')}: <strong>{code}</strong>
            </p>
          ) : null}
          <div className="amb-actions">
            <Button onClick={share}>{t('share')}</Button>
            <Button variant="secondary" onClick={() => void copy()} aria-live="polite">
              {copied ? t('copied') : t('copy')}
            </Button>
          </div>
          <ShareOptionsModal
            open={optionsOpen}
            onClose={() => setOptionsOpen(false)}
            link={link}
            copied={copied}
            onCopy={() => void copy()}
          />
        </>
      ) : (
        <p className="amb-intro">{user ? t('noLink') : t('signInFirst')}</p>
      )}
    </div>
  );
}

/** Copy with the toast (1900 ms) and a copied flag that clears after 3000 ms. */
export function useCopy(text: string): { copied: boolean; copy: () => Promise<void> } {
  const { t } = useTranslation('ambassador');
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = async () => {
    const ok = await copyText(text);
    if (!ok) {
      showToast(t('copyFailed'), { tone: 'error', duration: 4000 });
      return;
    }
    showToast(t('copiedToast'), { tone: 'success', duration: COPY_TOAST_MS });
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FLAG_MS);
  };
  return { copied, copy };
}
