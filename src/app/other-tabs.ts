/** Following the other tabs of this browser: their sign-ins and sign-outs (src/lib/session-tabs.ts, and
 *  the line saying why this tab reloaded), and the changes they sent, queued (the outbox) or straight (a
 *  donation, a profile edit): this tab's data is then fetched again instead of staying up to its staleTime
 *  old. Loaded after the first render. */
import type { QueryClient } from '@tanstack/react-query';
import { loadMe } from '../features/auth/api';
import { watchWrites } from '../lib/http';
import { fixedT } from '../lib/i18n';
import { onOutboxSynced } from '../offline/outbox-state';
import { isSignedIn } from '../lib/session';
import { SESSION_NOTE_KEY, watchOtherTabs, type SessionNote } from '../lib/session-tabs';
import { showToast } from '../ui/toast';

const DATA_CHANNEL = 'socialpay-data';

export function watchTabs(queryClient: QueryClient): void {
  watchOtherTabs();
  void showSessionNote();
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(DATA_CHANNEL);
  // One message per burst of changes (the outbox sends a queue in a row).
  let told: ReturnType<typeof setTimeout> | null = null;
  const tell = () => {
    told ??= setTimeout(() => {
      told = null;
      channel.postMessage('changed');
    }, 200);
  };
  onOutboxSynced(tell);
  // A screen visit noted for the screen-visit setting changes nothing another tab shows.
  watchWrites((path) => {
    if (!path.startsWith('/tracking/')) tell();
  });
  channel.onmessage = () => {
    void queryClient.invalidateQueries();
    // The person's own record (a name, a photo, the points balance) is the session's, not a query's.
    if (isSignedIn()) void loadMe().catch(() => undefined);
  };
}

async function showSessionNote(): Promise<void> {
  let note: string | null = null;
  try {
    note = sessionStorage.getItem(SESSION_NOTE_KEY);
    sessionStorage.removeItem(SESSION_NOTE_KEY);
  } catch {
    return;
  }
  if (note !== 'signedOutElsewhere' && note !== 'switchedElsewhere') return;
  const t = await fixedT('account');
  showToast(t(`otherTab.${note satisfies SessionNote}`), { duration: 8000 });
}
