/** Following the other tabs' sign-ins and sign-outs (src/lib/session-tabs.ts), and the line saying why
 *  this tab reloaded. Loaded after the first render. */
import { fixedT } from '../lib/i18n';
import { SESSION_NOTE_KEY, watchOtherTabs, type SessionNote } from '../lib/session-tabs';
import { showToast } from '../ui/toast';

export function followOtherTabs(): void {
  watchOtherTabs();
  void showSessionNote();
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
