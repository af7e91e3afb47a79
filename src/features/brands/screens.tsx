/**
 * Route components of the brands feature (lazy-loaded by src/app/routes.tsx):
 *   /brand/$brandName        BrandByNameScreen   (name with underscores, optional __ALPHA3 country)
 *   /corporate/$brandId      CorporateDetailsScreen
 *   /corporate/$brandId/slider CorporateSliderScreen
 * `?from=favorites` marks an arrival from Favorites (back goes there, and the brand is auto-followed).
 */
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Brand } from '@contract/types';
import { useLang } from '../../lib/i18n';
import { useRouteId } from '../../lib/navigation';
import { decodeBrandName } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { CenteredSpinner } from '../../ui/spinner';
import { ScreenHeader } from '../../ui/screen-header';
import { countryFilter } from '../../lib/catalogue/api';
import { LoadError } from '../../ui/load-error';
import { catalogueQueries } from '../../lib/catalogue/queries';
import { BrandDetail } from './brand-detail';
import { CorporateSlider } from './corporate-slider';
import { useBackTo } from '../../lib/screen-trail';

function useFromFavorites(): boolean {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  return search?.from === 'favorites';
}

/** `missing`: the address names no brand a server could have (e.g. #/corporate/abc). */
function BrandState(props: { q: { data?: Brand; isError: boolean; error: unknown; refetch: () => unknown }; missing?: boolean; children: (b: Brand) => React.ReactNode }) {
  const { t } = useTranslation('shop');
  const backTo = useBackTo();
  const { q } = props;
  if (q.data) return <>{props.children(q.data)}</>;
  if (q.isError || props.missing) {
    const notFound = props.missing || (q.error as { status?: number } | null)?.status === 404;
    return (
      <div className="sp-screen">
        <ScreenHeader title={t('brand_title')} onBack={backTo('/menu')} />
        {notFound ? <p role="alert">{t('brand_not_found')}</p> : <LoadError onRetry={() => void q.refetch()} />}
      </div>
    );
  }
  return <CenteredSpinner />;
}

export function BrandByNameScreen() {
  const lang = useLang();
  const { isSignedIn } = useSession();
  const params = useParams({ strict: false }) as { brandName?: string };
  const { name, country } = decodeBrandName(params.brandName ?? '');
  const q = useQuery(catalogueQueries.brandByName(lang, isSignedIn ? 'user' : 'visitor', name, country ?? countryFilter(lang)));
  const fromFavorites = useFromFavorites();
  return <BrandState q={q}>{(b) => <BrandDetail brand={b} lang={lang} fromFavorites={fromFavorites} />}</BrandState>;
}

function useBrandById() {
  const lang = useLang();
  const { isSignedIn } = useSession();
  const id = useRouteId('brandId');
  return { lang, id, q: useQuery({ ...catalogueQueries.brand(lang, isSignedIn ? 'user' : 'visitor', id ?? 0), enabled: id !== null }) };
}

export function CorporateDetailsScreen() {
  const { lang, id, q } = useBrandById();
  const fromFavorites = useFromFavorites();
  return <BrandState q={q} missing={id === null}>{(b) => <BrandDetail brand={b} lang={lang} fromFavorites={fromFavorites} />}</BrandState>;
}

export function CorporateSliderScreen() {
  const { lang, id, q } = useBrandById();
  return <BrandState q={q} missing={id === null}>{(b) => <CorporateSlider brand={b} lang={lang} />}</BrandState>;
}
