/** The caller's language from Accept-Language: Dutch when it asks for nl first, else English (the default). */
import type { Context } from 'hono';
import type { Lang } from '../text.ts';

export function requestLang(c: Context): Lang {
  return (c.req.header('accept-language') ?? '').trim().toLowerCase().startsWith('nl') ? 'nl' : 'en';
}
