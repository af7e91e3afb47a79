// The floor (tests/bench/floor.mjs): the packages the app must use (React, TanStack Router and Query,
// i18next and react-i18next) doing the least the shop's first screen does: one hash route, a translated
// title, the categories, then the first rows of brands with their photos. What this costs is the least
// any app on this stack can cost; the app's own figures are read against it.
// `?offline` starts with the first row already in the cache, as the app's saved cache restores it.
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createHashHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import type { Brand, Category, Paged } from '@contract/types';

const api = <T,>(path: string): Promise<T> => fetch(`/api/v1.0${path}`).then((r) => r.json() as Promise<T>);

void i18next.use(initReactI18next).init({
  lng: 'en',
  // Two of the app's own keys (its typed resources), one with interpolation.
  resources: { en: { common: { appName: 'SocialPay', scrollNext: 'Scroll {{label}} forward' } } },
  defaultNS: 'common',
  interpolation: { escapeValue: false },
});

function Row({ category }: { category: Category }) {
  const { t } = useTranslation();
  const row = useQuery({ queryKey: ['row', category.id], queryFn: () => api<Paged<Brand>>(`/site/corporate-partners/${category.id}?limit=8&offset=0`) });
  return (
    <section>
      <h2>{category.name}</h2>
      <div className="row">
        {(row.data?.results ?? []).map((brand, i) => (
          <div className="sp-tile" key={brand.id}>
            {brand.photo?.url ? <img src={brand.photo.url} alt="" width={320} height={180} fetchPriority={i < 2 ? 'high' : undefined} /> : null}
            <div>{brand.name}</div>
            <div>{t('scrollNext', { label: brand.name })}</div>
          </div>
        ))}
      </div>
    </section>
  );
}

function Shop() {
  const { t } = useTranslation();
  const categories = useQuery({ queryKey: ['categories'], queryFn: () => api<Paged<Category>>('/site/categories?limit=200&offset=0') });
  return (
    <main>
      <h1>{t('appName')}</h1>
      {(categories.data?.results ?? []).slice(0, 4).map((c) => (
        <Row key={c.id} category={c} />
      ))}
    </main>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const shopRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Shop });
const router = createRouter({ routeTree: rootRoute.addChildren([shopRoute]), history: createHashHistory() });
const queryClient = new QueryClient();
if (location.search.includes('offline')) {
  const brands = Array.from({ length: 8 }, (_, i) => ({ id: i + 1, name: `Brand ${i + 1}` }) as Brand);
  queryClient.setQueryData(['categories'], { results: [{ id: 1, name: 'Shopping' }] });
  queryClient.setQueryData(['row', 1], { results: brands });
}
if ('serviceWorker' in navigator) addEventListener('load', () => void navigator.serviceWorker.register('/sw.js'));

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
