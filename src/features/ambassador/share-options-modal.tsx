/** The share options modal (X, Facebook, Messenger, WhatsApp, email, Threads, Telegram, copy). */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { isMobileUserAgent, opensInNewTab, SHARE_TARGETS, shareUrl, type ShareTarget } from './share-links';

const FACEBOOK_APP_ID = (import.meta.env.VITE_FACEBOOK_APP_ID as string | undefined) ?? null;

const ICONS: Record<ShareTarget | 'copy', string> = {
  x: 'M4 4l16 16M20 4 4 20',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z',
  messenger: 'M12 3C7 3 3 6.7 3 11.3c0 2.6 1.3 4.9 3.3 6.4V21l3-1.7c.9.3 1.8.4 2.7.4 5 0 9-3.7 9-8.4S17 3 12 3zm1 11-2.3-2.4L6.5 14l4.6-5 2.3 2.4L17.5 9z',
  whatsapp: 'M4 20l1.3-4A8 8 0 1 1 8 18.7L4 20zm5-11c0 4 2 6 6 6l1-1.5-2-1-1 1c-1-.5-2-1.5-2.5-2.5l1-1-1-2L9 9z',
  email: 'M3 6h18v12H3zM3 6l9 7 9-7',
  threads: 'M16 11c-.5-3-2.5-4-4.5-4C9 7 7 9 7 12s2 5 5 5c3.5 0 5.5-2 5.5-5M9.5 13c0-1.5 1.5-2.2 3.5-2.2 2.5 0 3.5.7 3.5 2.2s-1.5 2.5-3.5 2.5-3.5-1-3.5-2.5z',
  telegram: 'M3 11l18-7-3 16-6-4-3 3v-5l9-8-11 7z',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
};

export function ShareOptionsModal({
  open,
  onClose,
  link,
  copied,
  onCopy,
}: {
  open: boolean;
  onClose: () => void;
  link: string;
  copied: boolean;
  onCopy: () => void;
}) {
  const { t } = useTranslation('ambassador');
  if (!open) return null;
  const input = { url: link, title: t('shareTitle'), text: t('shareText') };
  const mobile = isMobileUserAgent(navigator.userAgent);
  return (
    <Modal open onClose={onClose} title={t('options.title')} className="amb-modal">
      <ul className="amb-options">
        {SHARE_TARGETS.map((target) => {
          const href = shareUrl(target, input, { mobile, facebookAppId: FACEBOOK_APP_ID });
          const name = t(`options.${target}`);
          const newTab = opensInNewTab(href);
          return (
            <li key={target}>
              <a
                className="amb-option"
                href={href}
                data-share={target}
                {...(newTab
                  ? { target: '_blank', rel: 'noopener noreferrer', 'aria-label': t('options.opensNewTab', { name }) }
                  : {})}
              >
                <Icon d={ICONS[target]} />
                <span>{name}</span>
              </a>
            </li>
          );
        })}
        <li>
          <button type="button" className="amb-option" onClick={onCopy} data-share="copy">
            <Icon d={ICONS.copy} />
            <span>{copied ? t('copied') : t('options.copy')}</span>
          </button>
        </li>
      </ul>
    </Modal>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round">
      <path d={d} />
    </svg>
  );
}
