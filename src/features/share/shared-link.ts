/**
 * What a share (Share → SocialPay) carries, reduced to the one thing the app uses: the host of the
 * shop page that was shared. Only http(s) links count; javascript:, data: and anything else give no
 * host, and nothing shared is ever navigated to. Pure.
 */

/** Longer input is cut: a host never needs more, and a hostile 10 kB string costs nothing. */
const MAX_INPUT = 2048;
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/i;
/** A bare host as some apps send it in `url` ("shop.example.nl/page"). */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d+)?(?:[/?#]\S*)?$/i;

export interface SharedInput {
  url?: unknown;
  text?: unknown;
  title?: unknown;
}

function clip(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_INPUT).trim() : '';
}

/** The host of an http(s) URL without a leading "www.", lower case; null for anything else. */
export function hostOf(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '').replace(/^www\./, '');
  // A domain name: labels and a top-level domain (not an IP address, not "localhost").
  return /^(?:[a-z0-9-]+\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]+)$/.test(host) ? host : null;
}

/** The shared page's host: from `url`, else the first link inside `text`, else inside `title`. */
export function sharedHost(input: SharedInput): string | null {
  const url = clip(input.url);
  if (url) {
    const host = hostOf(url) ?? (BARE_HOST.test(url) ? hostOf(`https://${url}`) : null);
    if (host) return host;
  }
  for (const field of [clip(input.text), clip(input.title)]) {
    const found = URL_IN_TEXT.exec(field);
    const host = found ? hostOf(found[0]) : bareHostIn(field);
    if (host) return host;
  }
  return null;
}

/** A bare host written in a sentence ("Bestel bij bol.com/actie!"): a word of its own, its top-level
 *  domain in lower case ("deal.Check" after a missing space is not one). */
function bareHostIn(text: string): string | null {
  for (const word of text.split(/\s+/)) {
    const token = word.replace(/^[("'“‘]+|[.,;:!?)"'”’]+$/g, '');
    if (BARE_HOST.test(token) && /\.[a-z]{2,63}(?::\d+)?(?:[/?#]|$)/.test(token)) {
      const host = hostOf(`https://${token}`);
      if (host) return host;
    }
  }
  return null;
}

/** A brand's `site` ("shop.example", "https://www.example.nl/") as a host; null when it is none. */
export function siteHost(site: string | null | undefined): string | null {
  const value = (site ?? '').trim();
  if (!value) return null;
  return hostOf(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
}

/** A shared host belongs to a site when it is that site or one of its subdomains. */
export function hostMatchesSite(host: string, site: string): boolean {
  return host === site || host.endsWith(`.${site}`);
}

/**
 * The brand whose site the host belongs to: the most specific site wins (shop.example.nl over
 * example.nl); between equals, the one of the preferred country (Dutch mode prefers Dutch brands).
 */
export function pickBrandForHost<B extends { site?: string | null; country?: { alpha3?: string | null } | null }>(
  brands: Iterable<B>,
  host: string,
  preferredCountry?: string,
): B | null {
  let best: B | null = null;
  let bestScore = -1;
  for (const brand of brands) {
    const site = siteHost(brand.site);
    if (!site || !hostMatchesSite(host, site)) continue;
    const score = site.length * 2 + (preferredCountry && brand.country?.alpha3 === preferredCountry ? 1 : 0);
    if (score > bestScore) {
      best = brand;
      bestScore = score;
    }
  }
  return best;
}
