// Auth calls: token grants, sign-up, the current user, password reset.
import type { SignUpRequest, User } from '@contract/types';
import { request, requestToken, tokensFromResponse } from '../../lib/http';
import { setEmail, setTokens, setUser } from '../../lib/session';
import { loadScreenVisitsChoice } from '../../lib/screen-visits';

/** Password grant; stores the tokens and then loads the user. Throws ApiRequestError on failure. */
export async function signIn(email: string, password: string): Promise<User> {
  const res = await requestToken({ grant_type: 'password', username: email.trim(), password });
  setTokens(tokensFromResponse(res));
  setEmail(email.trim());
  const me = await loadMe();
  // The account's screen-visit choice replaces this device's; against a server without it, stays off.
  void loadScreenVisitsChoice().catch(() => undefined);
  return me;
}

export async function loadMe(): Promise<User> {
  const me = await request<User>('/application-users/me');
  setUser(me);
  return me;
}

export function signUp(body: SignUpRequest): Promise<User> {
  return request<User>('/application-users', { method: 'POST', body, auth: 'visitor' });
}

export function resetPassword(email: string): Promise<unknown> {
  return request<unknown>(`/reset-password/${encodeURIComponent(email.trim())}`, { method: 'POST', auth: 'visitor' });
}
