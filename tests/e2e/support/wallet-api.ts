// The user's wallet as the server holds it, fetched from the page (same origin), so a spec can
// compare what a card screen draws with the card's own data.
import type { Page } from '@playwright/test';
import type { WalletItem } from '../../../server/contract/types';
import { DEMO_PASSWORD } from './users';

export async function walletItems(page: Page, email: string, password = DEMO_PASSWORD): Promise<WalletItem[]> {
  return page.evaluate(
    async ({ email, password }) => {
      const t = await (
        await fetch('/oauth/v2/token', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ grant_type: 'password', username: email, password, scope: 'ios' }),
        })
      ).json();
      const res = await fetch('/api/v1.0/wallet/me', { headers: { Authorization: `Bearer ${t.access_token}` } });
      return (await res.json()) as WalletItem[];
    },
    { email, password },
  );
}
