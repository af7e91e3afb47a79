/**
 * BrandGrid loaded on demand: the grid (and @tanstack/react-virtual with it) only appears after a search,
 * a category chip or "Load more", so it stays out of the shop's first-paint bundle. The chunk is
 * prefetched once the page has loaded and is idle, and at once when the search field gets focus, so
 * the first search or chip does not wait for it; a spinner holds its place if it is still loading.
 * Its texts are in the `shop` namespace, which boot already loads.
 */
import { useEffect, useState, type ComponentProps } from 'react';
import { whenIdle } from '../../lib/after-paint';
import { lazyPart } from '../../offline/lazy-part';
import { CenteredSpinner } from '../../ui/spinner';
import type { BrandGrid as BrandGridType } from './brand-grid';

let gridModule: Promise<typeof import('./brand-grid')> | null = null;
/** The grid component once its chunk is in: rendered directly, without suspending (see BrandGrid). */
let loadedGrid: typeof BrandGridType | null = null;
/** Whoever waits for the chunk to be in (useBrandGridLoaded). */
const onLoaded = new Set<() => void>();

/** Starts loading the grid's chunk (once; a failed load may be retried). */
export function preloadBrandGrid(): Promise<typeof import('./brand-grid')> {
  if (!gridModule) {
    gridModule = import('./brand-grid');
    gridModule.then(
      (m) => {
        loadedGrid = m.BrandGrid;
        for (const f of onLoaded) f();
        onLoaded.clear();
      },
      () => {
        gridModule = null;
      },
    );
  }
  return gridModule;
}

let idleScheduled = false;

/** Prefetches the grid after the window's load event, when the main thread is idle (at most 2 s later). */
export function preloadBrandGridWhenIdle(): void {
  if (idleScheduled || typeof window === 'undefined') return;
  idleScheduled = true;
  const idle = () => whenIdle(() => void preloadBrandGrid().catch(() => undefined), 2000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Whether the grid's chunk is in: it is prefetched once the page is idle (preloadBrandGridWhenIdle), or
 * earlier by preloadBrandGrid. The shop mounts its search grid, hidden, as soon as this turns true.
 */
export function useBrandGridLoaded(): boolean {
  const [loaded, setLoaded] = useState(loadedGrid !== null);
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    if (loadedGrid) return done();
    onLoaded.add(done);
    preloadBrandGridWhenIdle();
    return () => void onLoaded.delete(done);
  }, [loaded]);
  return loaded;
}

const LazyGrid = lazyPart(() => preloadBrandGrid().then((m) => m.BrandGrid), { fallback: <CenteredSpinner /> });

export function BrandGrid(props: ComponentProps<typeof BrandGridType>) {
  // Prefetched already (the usual case): render it directly. Going through React.lazy would suspend
  // once even for a loaded chunk, and React holds a revealed Suspense boundary back for up to 300 ms
  // (its fallback throttling): the first search showed its grid ~325 ms after the keystroke.
  const Loaded = loadedGrid;
  if (Loaded) return <Loaded {...props} />;
  return <LazyGrid {...props} />;
}
