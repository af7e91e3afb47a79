// Title bar of a screen inside the modal: optional back button and the screen title (h1). The modal's
// top bar holds the one close button of every screen.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon } from './icons';

/** The screen modal is labelled by the title of the screen it shows. */
export const SCREEN_TITLE_ID = 'screen-title';

export function ScreenHeader({
  title,
  onBack,
  backLabel,
  children,
}: {
  title: ReactNode;
  onBack?: () => void;
  backLabel?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <header className="screen-header">
      {onBack ? (
        <button type="button" className="icon-btn" aria-label={backLabel ?? t('back')} title={backLabel ?? t('back')} onClick={onBack}>
          <BackIcon />
        </button>
      ) : (
        <span className="icon-spacer" aria-hidden="true" />
      )}
      <h1 className="screen-title" id={SCREEN_TITLE_ID}>{title}</h1>
      <span className="icon-spacer" aria-hidden="true" />
      {children}
    </header>
  );
}
