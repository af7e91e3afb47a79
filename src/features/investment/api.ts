import { request } from '../../lib/http';
import type { FondoJourney } from '@contract/types';

export function startFondoJourney(): Promise<FondoJourney> {
  return request<FondoJourney>('/loyalty/fondo/journey/start');
}

/**
 * The fund document opened from the success screen, in the user's language. The reference server
 * serves the provider's test pages under /sandbox; the document lives beside the sign-up page.
 */
export const fundDocumentUrl = (lang: 'en' | 'nl'): string => `/sandbox/fondo/document?lang=${lang}`;

/** Only an http(s) URL on this origin or the provider's sandbox path is framed. */
export function isFramableSignupUrl(url: string, origin: string): boolean {
  try {
    const u = new URL(url, origin);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === origin && u.pathname.startsWith('/sandbox/fondo');
  } catch {
    return false;
  }
}
