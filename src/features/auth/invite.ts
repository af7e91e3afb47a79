// The invite (referrer) code from /invite/{code}: kept until sign-up sends it as referrer_code.
import { isInviteCode } from '../../lib/paths';
import { forgetReturnTo } from '../../lib/return-to';

const KEY = 'socialpay.invite';

/** An invite link starts a sign-up of its own, ending on the Menu: a way back remembered earlier is forgotten. */
export function saveInviteCode(code: string): void {
  if (!isInviteCode(code)) return;
  forgetReturnTo();
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
