// Shared validation helpers (SPEC §5). Messages are 'common' namespace keys (validation.*).
export type ValidationKey =
  | 'validation.fillAllFields'
  | 'validation.incorrectEmail'
  | 'validation.passwordsDoNotMatch'
  | 'validation.invalidCountry'
  | 'validation.selectCountry'
  | 'validation.passwordTooShort';

export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim());
}

export function isBlank(v: string | null | undefined): boolean {
  return !v || v.trim() === '';
}

/** Dropdown labels: at most `max` characters, then an ellipsis (SPEC §5: countries, 25). */
export function truncateLabel(label: string, max = 25): string {
  return label.length > max ? `${label.slice(0, max)}…` : label;
}
