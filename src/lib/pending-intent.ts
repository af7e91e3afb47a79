// What a visitor was doing when the app asked them to sign in or sign up (follow a brand, buy its gift
// card, choose a reward target): remembered (this tab only, for INTENT_TTL_MS) and finished by the screen
// it leads back to once they are signed in: the brand follows and says so, the gift card opens on its
// purchase step, the target is offered again in one tap. Where to return is return-to.ts's job; this
// only holds the action, so each journey carries its own.
import { useRouterState } from '@tanstack/react-router';
import { useCallback } from 'react';
import { parsePath } from './paths';
import { useSignInFirst } from './return-to';

export type PendingIntent =
  | { kind: 'follow'; brandId: number }
  | { kind: 'buy'; brandId: number }
  | { kind: 'target'; projectId: number };

const KEY = 'socialpay.pending_intent';
/** An intent older than this is a different visit's: dropped. */
export const INTENT_TTL_MS = 30 * 60 * 1000;

type Stored = PendingIntent & { at: number };

export function rememberIntent(intent: PendingIntent): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...intent, at: Date.now() }));
  } catch {
    /* storage unavailable: the visitor lands where they were, without the action */
  }
}

function read(): Stored | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as Stored) : null;
    if (!v || typeof v.at !== 'number' || Date.now() - v.at > INTENT_TTL_MS) return null;
    if (v.kind === 'follow' || v.kind === 'buy') return Number.isInteger(v.brandId) ? v : null;
    if (v.kind === 'target') return Number.isInteger(v.projectId) ? v : null;
    return null;
  } catch {
    return null;
  }
}

export function forgetIntent(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}

/** Whether an action is waiting for the sign-in (the welcome step after sign-up then waits its turn). */
export function hasPendingIntent(): boolean {
  return read() !== null;
}

/** Whether the waiting intent is this one (left waiting: takeIntent or forgetIntent ends it). */
export function peekIntent(kind: PendingIntent['kind'], id: number): boolean {
  const v = read();
  return !!v && v.kind === kind && (v.kind === 'target' ? v.projectId : v.brandId) === id;
}

/** Takes (reads and forgets) the waiting intent when it is this one, e.g. a follow of brand 7. */
export function takeIntent(kind: PendingIntent['kind'], id: number): boolean {
  if (!peekIntent(kind, id)) return false;
  forgetIntent();
  return true;
}

/** Where an intent is finished. */
export function intentPath(intent: PendingIntent): string {
  if (intent.kind === 'buy') return `/gift-card/${intent.brandId}`;
  if (intent.kind === 'target') return `/set-target/${intent.projectId}`;
  return `/corporate/${intent.brandId}`;
}

/**
 * For a visitor's tap on an action that needs an account: remembers the action, then asks them to sign
 * in (or up) and returns them to `returnTo` (by default where the action is finished).
 */
export function useSignInFor(): (intent: PendingIntent, returnTo?: string) => void {
  const signInFirst = useSignInFirst();
  const here = useRouterState({ select: (s) => parsePath(s.location.pathname).rest + (s.location.searchStr ?? '') });
  return useCallback(
    (intent: PendingIntent, returnTo?: string) => {
      rememberIntent(intent);
      // A follow tapped on a brand's page goes back to that page as the visitor opened it (by name or
      // id): the brand page is where a follow is finished.
      const onBrandPage = intent.kind === 'follow' && /^\/(brand|corporate)\/[^/?]+$/.test(here.split('?')[0]);
      signInFirst(returnTo ?? (onBrandPage ? here : intentPath(intent)));
    },
    [signInFirst, here],
  );
}

/** The signed-in guard sent a visitor from a screen that is itself an action (a target's detail). */
export function rememberIntentOfPath(path: string): void {
  const target = /^\/set-target\/(\d+)$/.exec(path.split('?')[0]);
  if (target) rememberIntent({ kind: 'target', projectId: Number(target[1]) });
}
