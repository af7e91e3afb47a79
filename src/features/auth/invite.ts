// The invite (referrer) code from /invite/{code}: kept until sign-up sends it as referrer_code.
import { isInviteCode } from '../../lib/paths';

const KEY = 'socialpay.invite';

export function saveInviteCode(code: string): void {
  if (!isInviteCode(code)) return;
  try {
    localStorage.setItem(KEY, code);
  } catch {
    /* ignore */
  }
}

export function getInviteCode(): string | null {
  try {
    const v = localStorage.getItem(KEY);
    return isInviteCode(v) ? v : null;
  } catch {
    return null;
  }
}

export function clearInviteCode(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* ignore */
  }
}
