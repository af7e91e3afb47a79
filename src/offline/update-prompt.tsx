/** "Update available": shown while a new version waits; accepting drains the outbox, then reloads.
 *  Only the wait for it is first-paint code; the card is a lazy chunk (update-card.tsx). */
import { lazyPart } from './lazy-part';
import { useUpdateAvailable } from './update-state';

const UpdateCard = lazyPart(() => import('./update-card').then((m) => m.UpdateCard), { optional: true, fallback: null });

export function UpdatePrompt() {
  const { available, applying } = useUpdateAvailable();
  return available ? <UpdateCard applying={applying} /> : null;
}
