/** Search key: one rule with the app (contract/search-text.ts), so 'Cafe' finds 'Café' without the unaccent extension. */
export { searchKey } from './contract/search-text.ts';

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
