/**
 * A SHOP tap's click reference: made by the app (so it works whatever the network state), put into
 * the outbound affiliate URL under the brand's network parameter, recorded with the trip, and sent
 * back by the network with each conversion. No imports: the app bundles this file as is.
 */

/** The query parameter networks read the click reference from when a brand names none. */
export const DEFAULT_CLICK_REF_PARAM = 'subid';

/** 16 to 64 letters, digits, _ or -: opaque, URL-safe, long enough not to be guessed. */
export const CLICK_REF_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** A new random click reference (32 hex digits). */
export function newClickRef(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The outbound URL with the click reference set under `param`; every other parameter is kept. */
export function withClickRef(url: string, param: string | null | undefined, clickRef: string): string {
  const u = new URL(url);
  u.searchParams.set(param || DEFAULT_CLICK_REF_PARAM, clickRef);
  return u.toString();
}
