/** "Update available": shown while a new version waits; accepting drains the outbox, then reloads.
 *  Only the wait for it is first-paint code; the card is a lazy chunk (update-card.tsx). */
import { lazy, Suspense } from 'react';
import { useUpdateAvailable } from './register-sw';

const UpdateCard = lazy(() => import('./update-card').then((m) => ({ default: m.UpdateCard })));

export function UpdatePrompt() {
  const { available, applying } = useUpdateAvailable();
  return available ? (
    <Suspense fallback={null}>
      <UpdateCard applying={applying} />
    </Suspense>
  ) : null;
}
