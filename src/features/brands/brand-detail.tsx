/**
 * Brand detail (Corporate Details): hero honouring the hide flags, follow toggle through the outbox,
 * commission with its info modal, the description, SHOP, and the way to the sustainability slider.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@contract/types';
import type { Lang } from '../../lib/i18n';
import { newClientId } from '../../lib/client-id';
import { normalizeExternalUrl, openExternal } from '../../lib/links';
import { newClickRef, withClickRef } from '@contract/click-ref';
import { queueChange } from '../../offline/outbox';
import { useGo } from '../../lib/navigation';
import { useSignInFirst } from '../../lib/return-to';
import { takeIntent, useSignInFor } from '../../lib/pending-intent';
import { showToast } from '../../ui/toast';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { InfoIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { ScreenHeader } from '../../ui/screen-header';
import { shouldAutoFollow } from '../../lib/catalogue/favorite-logic';
import { FollowToggle } from '../favorites/follow-toggle';
import { useFavorites } from '../favorites/use-favorites';
import { affiliateReward, giftcardBadge } from '../../lib/catalogue/badge';
import { brandName } from '../../lib/catalogue/catalogue-logic';
import { Description } from './description';
import '../../ui/screen.css';
import './brands.css';
import { useBackTo } from '../../lib/screen-trail';

export function BrandDetail(props: { brand: Brand; lang: Lang; fromFavorites: boolean }) {
  const { t } = useTranslation('shop');
  const { brand, lang } = props;
  const { isSignedIn, userId } = useSession();
  const go = useGo();
  const backTo = useBackTo();
  const signInFirst = useSignInFirst();
  const signInFor = useSignInFor();
  const favorites = useFavorites();
  const [infoOpen, setInfoOpen] = useState(false);
  const [linkMissing, setLinkMissing] = useState(false);
  const name = brandName(brand, lang);
  const photo = !brand.hide_background_image && brand.photo?.url ? brand.photo.url : null;
  const logo = !brand.hide_logo && brand.logo?.url ? brand.logo.url : null;
  const description = lang === 'nl' && brand.description_nld ? brand.description_nld : brand.description;

  // Arriving from Favorites follows the brand when it is not followed yet (once per brand).
  const autoFollowed = useRef<number | null>(null);
  const isFavorite = favorites.stateOf(brand).favorite;
  useEffect(() => {
    if (autoFollowed.current === brand.id) return;
    if (shouldAutoFollow({ signedIn: isSignedIn, fromFavorites: props.fromFavorites, isFavorite })) {
      autoFollowed.current = brand.id;
      void favorites.setFavorite(brand, true);
    }
  }, [brand, isSignedIn, props.fromFavorites, isFavorite, favorites]);

  // A visitor tapped Follow here and has signed in (or up) since: follow now, and say so.
  useEffect(() => {
    if (!isSignedIn || !takeIntent('follow', brand.id)) return;
    if (!isFavorite) void favorites.setFavorite(brand, true);
    showToast(t('followed_after_sign_in', { name }), { tone: 'success', duration: 5000 });
  }, [isSignedIn, brand, isFavorite, favorites, name, t]);

  const onShop = () => {
    if (!isSignedIn) return signInFirst();
    // The click reference is made here, so the link carries it whatever the network state; the
    // network sends it back with the sale, and the server finds this trip by it.
    const clickRef = newClickRef();
    const link = normalizeExternalUrl(brand.affiliate_link);
    const opened = openExternal(link && withClickRef(link, brand.click_ref_param, clickRef));
    setLinkMissing(!opened);
    // The server keeps the trip (Shopping trips): sent through the outbox, once, with its own key.
    if (opened && userId != null) void queueChange(userId, { kind: 'trip', brandId: brand.id, idempotencyKey: newClientId(), clickRef, at: Date.now() });
  };

  return (
    <div className="sp-screen sp-brand">
      <ScreenHeader
        title={name}
        onBack={backTo(props.fromFavorites ? '/favorites' : '/menu')}
        backLabel={props.fromFavorites ? t('back_to_favorites') : t('back_to_menu')}
      />
      <div className={photo ? 'sp-brand__hero sp-brand__hero--photo' : 'sp-brand__hero'}>
        {photo ? <img className="sp-brand__photo" src={photo} alt="" /> : null}
        {logo ? <img className="sp-brand__logo" src={logo} alt={t('logo_of', { name })} /> : null}
        {!photo && !logo && !brand.hide_name ? <span className="sp-brand__name-hero" aria-hidden="true">{name}</span> : null}
      </div>
      <div className="sp-brand__actions">
        <FollowToggle brand={brand} name={name} />
        {brand.site ? <span className="sp-brand__site">{brand.site.replace(/^https?:\/\//, '')}</span> : null}
      </div>
      <div className="sp-brand__commission">
        <p>
          <span className="sp-brand__reward">{affiliateReward(brand, lang)}</span> {t('commission_shop')}
        </p>
        <p>
          <span className="sp-brand__reward">{giftcardBadge(brand, lang)}</span> {t('commission_giftcard')}
        </p>
        <button type="button" className="icon-btn sp-brand__info" aria-label={t('percentage_info_open')} title={t('percentage_info_open')} onClick={() => setInfoOpen(true)}>
          <InfoIcon />
        </button>
      </div>
      <Description html={description} />
      <div className="sp-brand__buttons">
        <Button variant="primary" onClick={onShop}>{t('shop_button')}</Button>
        <Button variant="secondary" onClick={() => (isSignedIn ? go(`/gift-card/${brand.id}`) : signInFor({ kind: 'buy', brandId: brand.id }))}>
          {t('buy_gift_card')}
        </Button>
        {brand.last_signed_off_worker ? (
          <Button variant="link" onClick={() => go(`/corporate/${brand.id}/slider`)}>{t('sustainability_open')}</Button>
        ) : null}
      </div>
      {linkMissing ? <p className="sp-error__text" role="alert">{t('shop_link_missing')}</p> : null}
      <Modal open={infoOpen} onClose={() => setInfoOpen(false)} title={t('percentage_info_title')}>
        <p>{t('percentage_info_body', { shop: affiliateReward(brand, lang), giftcard: giftcardBadge(brand, lang) })}</p>
        <Button variant="primary" onClick={() => setInfoOpen(false)}>{t('ok')}</Button>
      </Modal>
    </div>
  );
}
