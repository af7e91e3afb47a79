/** The follow (favourite) toggle used on the brand detail and gift card screens; a visitor's tap is remembered
 * (lib/pending-intent.ts): after signing in (or up) the brand page follows it and says so. */
import { useTranslation } from 'react-i18next';
import type { Brand } from '@contract/types';
import { useSignInFor } from '../../lib/pending-intent';
import { useSession } from '../../lib/session';
import { useFavorites } from './use-favorites';
import './follow-toggle.css';

export function FollowToggle(props: { brand: Brand; name: string }) {
  const { t } = useTranslation('shop');
  const { isSignedIn } = useSession();
  const signInFor = useSignInFor();
  const favorites = useFavorites();
  const state = favorites.stateOf(props.brand);
  const busy = favorites.busy(props.brand.id);
  if (!isSignedIn) {
    return (
      <button type="button" className="sp-follow" onClick={() => signInFor({ kind: 'follow', brandId: props.brand.id })}>
        <span aria-hidden="true">♡</span> {t('follow')}
      </button>
    );
  }
  return (
    <button
      type="button"
      className={state.favorite ? 'sp-follow sp-follow--on' : 'sp-follow'}
      aria-pressed={state.favorite}
      aria-label={t('follow_brand', { name: props.name })}
      // aria-disabled rather than disabled, so keyboard focus stays on the button while it is busy.
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => {
        if (!busy) void favorites.setFavorite(props.brand, !state.favorite);
      }}
    >
      <span aria-hidden="true">{state.favorite ? '♥' : '♡'}</span> {state.favorite ? t('following') : t('follow')}
      {state.pending ? <span className="sp-pending">{t('pending_sync')}</span> : null}
    </button>
  );
}
