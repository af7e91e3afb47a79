import { useEffect } from 'react';

/**
 * Back from the payment page with the browser's Back button, a page may come from the back/forward
 * cache mid-"leaving for the provider": `reset` starts its mutation over.
 */
export function useResetOnReturn(reset: () => void): void {
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
}
