/** Following the other tabs of this browser: their sign-ins and sign-outs (src/lib/session-tabs.ts, and
 *  the line saying why this tab reloaded), and the changes they sent (this tab's data is then fetched again
 *  instead of staying up to its staleTime old). Loaded after the first render. */
import type { QueryClient } from '@tanstack/react-query';
import { fixedT } from '../lib/i18n';
import { onOutboxSynced } from '../offline/outbox-state';
import { SESSION_NOTE_KEY, watchOtherTabs, type SessionNote } from '../lib/session-tabs';
import { showToast } from '../ui/toast';

const DATA_CHANNEL = 'socialpay-data';

export function watchTabs(queryClient: QueryClient): void {
  watchOtherTabs();
  void showSessionNote();
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(DATA_CHANNEL);
  // One message per burst of synced changes (the outbox sends a queue in a row).
  let told: ReturnType<typeof setTimeout> | null = null;
  onOutboxSynced(() => {
    told ??= setTimeout(() => {
      told = null;
      channel.postMessage('changed');
    }, 200);
  });
  channel.onmessage = () => void queryClient.invalidateQueries();
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
