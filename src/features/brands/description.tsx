/** A sanitised HTML description, open when short, else collapsed behind 'more'. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../lib/sanitize';
import { startsCollapsed } from './description-logic';

export function Description(props: { html: string }) {
  const { t } = useTranslation('shop');
  const id = useId();
  const collapsible = startsCollapsed(props.html);
  const [open, setOpen] = useState(!collapsible);
  if (!props.html) return null;
  return (
    <div className="sp-description">
      <div id={id} className={open ? 'sp-description__body' : 'sp-description__body sp-description__body--collapsed'}>
        <SafeHtml html={props.html} />
      </div>
      {collapsible ? (
        <button type="button" className="sp-link-button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? t('less') : t('more')}
        </button>
      ) : null}
    </div>
  );
}
