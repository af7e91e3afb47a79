// The user API as the server holds it, fetched from the page (same origin), so a spec can compare
// what a screen draws with the server's own data (the wallet, the notification settings, the inbox).
import type { Page } from '@playwright/test';
import type { WalletItem } from '../../../server/contract/types';
import { DEMO_PASSWORD } from './users';

/** A GET of the user API as `email`, signed in from the page (same origin), in `lang`. */
export async function apiFromPage<T>(page: Page, email: string, path: string, opts: { password?: string; lang?: 'en' | 'nl' } = {}): Promise<T> {
  return page.evaluate(
    async ({ email, password, path, lang }) => {
      const t = await (
        await fetch('/oauth/v2/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ grant_type: 'password', username: email, password, scope: 'ios' }),
        })
      ).json();
      const res = await fetch(`/api/v1.0${path}`, { headers: { Authorization: `Bearer ${t.access_token}`, 'Accept-Language': lang } });
      return (await res.json()) as T;
    },
    { email, password: opts.password ?? DEMO_PASSWORD, path, lang: opts.lang ?? 'en' },
  ) as Promise<T>;
}

export function walletItems(page: Page, email: string, password = DEMO_PASSWORD): Promise<WalletItem[]> {
  return apiFromPage<WalletItem[]>(page, email, '/wallet/me', { password });
}
