/** Escapes a string for a LIKE pattern (backslash is PostgreSQL's default LIKE escape). */
export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (m) => `\\${m}`);
}

export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The two languages the server answers in; English is the default. Services take it as a plain value
 *  (routes read it from the request: http/lang.ts). */
export type Lang = 'en' | 'nl';
