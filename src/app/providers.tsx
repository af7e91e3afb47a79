import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useLayoutEffect } from 'react';
import type { AppRouter } from './router';

export function Providers({ router, queryClient, onMounted }: { router: AppRouter; queryClient: QueryClient; onMounted?: () => void }) {
  // After the router's own layout effect (children's run first): its history listener is in place.
  useLayoutEffect(() => {
    performance.mark('sp:mounted');
    onMounted?.();
  }, [onMounted]);
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
