// SPEC §4 "Sign-in success returns to the current path": the signed-in screen a visitor tried to open
// is remembered (this tab only) and opened after signing in.
const KEY = 'socialpay.return_to';

export function saveReturnTo(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {
    /* ignore */
  }
}

/** Reads and forgets the remembered path. */
export function takeReturnTo(): string | null {
  try {
    const v = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return v && v.startsWith('/') ? v : null;
  } catch {
    return null;
  }
}
