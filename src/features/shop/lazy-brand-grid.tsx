/**
 * BrandGrid loaded on demand: the grid (and @tanstack/react-virtual with it) only appears after a search,
 * a category chip or "Load more", so it stays out of the shop's first-paint bundle. The chunk is small and
 * starts loading the moment a grid is first asked for; a spinner holds its place meanwhile.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { CenteredSpinner } from '../../ui/spinner';
import type { BrandGrid as BrandGridType } from './brand-grid';

const LazyGrid = lazy(() => import('./brand-grid').then((m) => ({ default: m.BrandGrid })));

export function BrandGrid(props: ComponentProps<typeof BrandGridType>) {
  return (
    <Suspense fallback={<CenteredSpinner />}>
      <LazyGrid {...props} />
    </Suspense>
  );
}
