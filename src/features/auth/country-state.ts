// The country picked on the Start screen, used by Sign Up (kept for the tab in sessionStorage).
const KEY = 'socialpay.country_id';

export function saveCountryId(id: string): void {
  try {
    sessionStorage.setItem(KEY, id);
  } catch {
    /* ignore */
  }
}

export function getCountryId(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}
