/** On a wallet card: "Mark as used" moves it to the wallet's Used cards; "Restore card" brings it back. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';

export function UsedToggle(props: { used: boolean; onChange: (used: boolean) => void }) {
  const { t } = useTranslation('wallet');
  const [said, setSaid] = useState<string | null>(null);
  const noteId = useId();
  return (
    <div className="sp-used">
      {props.used ? <p id={noteId} className="sp-used__note">{t('is_used')}</p> : null}
      <Button
        variant="secondary"
        aria-describedby={props.used ? noteId : undefined}
        onClick={() => {
          const next = !props.used;
          props.onChange(next);
          setSaid(next ? t('marked_used') : t('restored'));
        }}
      >
        {props.used ? t('restore') : t('mark_used')}
      </Button>
      <p className="sp-visually-hidden" role="status">{said}</p>
    </div>
  );
}
