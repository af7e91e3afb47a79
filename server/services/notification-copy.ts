/**
 * What a notification says, in the user's language: the push payload and the inbox entry share it.
 * `url` is the app's real path in that language (/nl/wallet/12); the server and the service worker
 * send a real path to its screen (server/contract/app-paths.ts).
 */
import type { Lang } from '../text.ts';

export type NotificationKind = 'expiry' | 'reward' | 'claim' | 'invite';
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ['expiry', 'reward', 'claim', 'invite'];

/** `brand` is the brand's English name, `brand_nl` its Dutch one (absent in messages recorded before it was kept). */
export type NotificationData =
  | { kind: 'expiry'; card_id: number; brand: string; brand_nl?: string; expiry_date: string; days: number }
  | { kind: 'reward'; transaction_id: number; state: 'confirmed' | 'paid' | 'canceled'; brand: string; brand_nl?: string; points: number; reason: string | null }
  | { kind: 'claim'; claim_id: number; trip_id?: number; status: 'approved' | 'rejected'; brand: string; brand_nl?: string; reason: string | null }
  | { kind: 'invite' };

export interface NotificationText {
  title: string;
  body: string;
  /** The app path without the language prefix (/wallet/12). */
  path: string;
  /** One per subject: a newer message about the same thing replaces the older on the device. */
  tag: string;
}

function longDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

const points = (n: number, lang: Lang) => `${new Intl.NumberFormat(lang === 'nl' ? 'nl-NL' : 'en-GB').format(n)} ${lang === 'nl' ? 'punten' : 'points'}`;

export function notificationText(data: NotificationData, lang: Lang): NotificationText {
  const nl = lang === 'nl';
  // The brand as the catalogue names it in this language (the Dutch shop shows "Groene Hoek", not "Green Corner").
  const d = nl && 'brand_nl' in data && data.brand_nl ? { ...data, brand: data.brand_nl } : data;
  switch (d.kind) {
    case 'expiry': {
      const date = longDate(d.expiry_date, lang);
      const when =
        d.days <= 0
          ? nl ? 'vandaag' : 'today'
          : d.days === 1
            ? nl ? 'morgen' : 'tomorrow'
            : nl ? `over ${d.days} dagen` : `in ${d.days} days`;
      return {
        title: nl ? `Je ${d.brand}-cadeaukaart verloopt bijna` : `Your ${d.brand} gift card expires soon`,
        body: nl ? `Je kaart verloopt ${when} (${date}). Gebruik het tegoed voordat het vervalt.` : `Your card expires ${when} (${date}). Use the balance before it is gone.`,
        path: `/wallet/${d.card_id}`,
        tag: `card-${d.card_id}`,
      };
    }
    case 'reward': {
      const pts = points(d.points, lang);
      const copy = {
        confirmed: nl
          ? { title: 'Beloning bevestigd', body: `${d.brand} heeft je beloning van ${pts} bevestigd.` }
          : { title: 'Reward confirmed', body: `${d.brand} confirmed your reward of ${pts}.` },
        paid: nl
          ? { title: 'Beloning uitbetaald', body: `Je beloning van ${pts} van ${d.brand} is uitbetaald.` }
          : { title: 'Reward paid', body: `Your reward of ${pts} from ${d.brand} has been paid.` },
        canceled: nl
          ? { title: 'Beloning geannuleerd', body: `Je beloning van ${d.brand} is geannuleerd${d.reason ? `: ${d.reason}` : '.'}` }
          : { title: 'Reward canceled', body: `Your reward from ${d.brand} was canceled${d.reason ? `: ${d.reason}` : '.'}` },
      }[d.state];
      return { ...copy, path: `/transactions/${d.transaction_id}`, tag: `transaction-${d.transaction_id}` };
    }
    case 'claim': {
      const approved = d.status === 'approved';
      const copy = nl
        ? approved
          ? { title: 'Claim goedgekeurd', body: `Je claim voor een ontbrekende beloning bij ${d.brand} is goedgekeurd.` }
          : { title: 'Claim afgewezen', body: `Je claim voor een ontbrekende beloning bij ${d.brand} is afgewezen${d.reason ? `: ${d.reason}` : '.'}` }
        : approved
          ? { title: 'Claim approved', body: `Your missing-reward claim for ${d.brand} was approved.` }
          : { title: 'Claim rejected', body: `Your missing-reward claim for ${d.brand} was rejected${d.reason ? `: ${d.reason}` : '.'}` };
      // The trip the claim is about, in the list (messages recorded before trip_id was kept: the list's top).
      return { ...copy, path: d.trip_id ? `/trips?trip=${d.trip_id}` : '/trips', tag: `claim-${d.claim_id}` };
    }
    case 'invite':
      return nl
        ? { title: 'Iemand heeft zich aangemeld', body: 'Er heeft zich iemand aangemeld met jouw uitnodigingscode. Bedankt voor het delen!', path: '/ambassador', tag: 'invite' }
        : { title: 'Someone joined', body: 'Someone signed up with your invite code. Thanks for sharing!', path: '/ambassador', tag: 'invite' };
  }
}

/** The real path in the language (/nl/wallet/12; English has no prefix). */
export function localPath(path: string, lang: Lang): string {
  return lang === 'nl' ? `/nl${path}` : path;
}
