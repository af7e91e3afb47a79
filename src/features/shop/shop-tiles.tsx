/**
 * The gift-card buy tile (percentage and the primary brand's logo) and the wallet tile. Signed in they go
 * to the gift card screen and the wallet; a visitor's gift-card tile goes to the start screen (and on to
 * the gift card after signing in) and the wallet tile does nothing.
 */
import type { AppHref } from '../../lib/navigation';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Audience } from '../../lib/catalogue/api';
import { giftcardBadge } from '../../lib/catalogue/badge';
import { brandName, type Lang } from '../../lib/catalogue/catalogue-logic';
import { catalogueQueries } from '../../lib/catalogue/queries';
import { WalletIcon } from '../../ui/icons';

export function ShopTiles(props: { lang: Lang; audience: Audience; signedIn: boolean; go: (path: AppHref) => void; signInFirst: (returnTo: string) => void }) {
  const { t } = useTranslation('shop');
  const primary = useQuery(catalogueQueries.primary(props.lang, props.audience));
  const brand = primary.data?.[0];
  const logo = brand && brand.logo?.url ? brand.logo.url : null;
  return (
    <div className="sp-tiles">
      <button
        type="button"
        className="sp-feature-tile sp-feature-tile--gift"
        onClick={() => (props.signedIn ? props.go('/gift-card') : props.signInFirst('/gift-card'))}
      >
        {logo ? <img className="sp-feature-tile__logo" src={logo} alt={brand ? brandName(brand, props.lang) : ''} width={48} height={48} /> : null}
        {/* While the primary brand loads, its logo's place is kept (the text would move when it arrives). */}
        {primary.isPending ? <span className="sp-feature-tile__logo" aria-hidden="true" /> : null}
        <span className="sp-feature-tile__text">
          <span className="sp-feature-tile__title">{t('gift_card_tile_title')}</span>
          {brand ? (
            <span className="sp-feature-tile__sub">{t('gift_card_tile_reward', { reward: giftcardBadge(brand, props.lang) })}</span>
          ) : primary.isPending ? (
            <span className="sp-feature-tile__sub sp-feature-tile__sub--pending" aria-hidden="true" />
          ) : null}
        </span>
      </button>
      <button
        type="button"
        className="sp-feature-tile sp-feature-tile--wallet"
        aria-disabled={props.signedIn ? undefined : true}
        onClick={() => {
          if (props.signedIn) props.go('/wallet');
        }}
      >
        <span className="sp-feature-tile__icon" aria-hidden="true">
          <WalletIcon />
        </span>
        <span className="sp-feature-tile__text">
          <span className="sp-feature-tile__title">{t('wallet_tile_title')}</span>
          <span className="sp-feature-tile__sub">{props.signedIn ? t('wallet_tile_sub') : t('wallet_tile_visitor')}</span>
        </span>
      </button>
    </div>
  );
}
