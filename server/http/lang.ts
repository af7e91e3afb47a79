/** The caller's language from Accept-Language: Dutch when it asks for nl first, else English (the default). */
import type { Context } from 'hono';
import type { Lang } from '../text.ts';

export function requestLang(c: Context): Lang {
  return (c.req.header('accept-language') ?? '').trim().toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

/**
 * The caller's language for a response whose content depends on it: says which (Content-Language)
 * and that it varies with Accept-Language, so no cache hands one language's answer to the other.
 */
export function contentLanguage(c: Context): Lang {
  const lang = requestLang(c);
  c.header('Content-Language', lang);
  c.header('Vary', 'Accept-Language', { append: true });
  return lang;
}
