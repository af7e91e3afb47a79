// First-party screen-visit tracking (replaces the seed's analytics pixel), only when the person chose
// to share (src/lib/screen-visits.ts). Fire and forget: it never blocks navigation and never throws;
// it is skipped offline.
import { whenIdle } from '../lib/after-paint';
import { request } from '../lib/http';
import { screenVisitsAllowed } from '../lib/screen-visits';
import { getSession } from '../lib/session';

let last = '';
export function trackScreenVisit(screen: string): void {
  if (!screen || screen === last || !screenVisitsAllowed()) return;
  last = screen;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  const run = () => {
    // Turned off while this visit waited for an idle moment: it is not sent.
    if (!screenVisitsAllowed()) return;
    try {
      request<null>('/tracking/screen-visit', {
        method: 'POST',
        body: { screen },
        auth: getSession().tokens?.refresh_token ? 'user' : 'none',
      }).catch(() => undefined);
    } catch {
      /* never break a screen */
    }
  };
  whenIdle(run, 3000);
}
