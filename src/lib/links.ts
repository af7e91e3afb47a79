// External links: add https:// when there is no scheme, allow only http(s),
// open in a new tab without opener or referrer. A path (one leading /) is on this server (the
// sandbox's demo partner shop).

export function normalizeExternalUrl(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (!value) return null;
  const onThisServer = /^\/(?!\/)/.test(value);
  const withScheme = onThisServer || /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/\//, '')}`;
  try {
    const url = onThisServer ? new URL(value, location.origin) : new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** Opens an external link safely; returns false when the link is missing or not http(s). */
export function openExternal(raw: string | null | undefined): boolean {
  const url = normalizeExternalUrl(raw);
  if (!url) {
    console.log('Missing or unsafe external link', raw);
    return false;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}
