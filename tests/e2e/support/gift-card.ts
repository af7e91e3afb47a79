// Buying a gift card as a user does: the app's gift-card screen, then the sandbox payment page.
import { expect, type Page } from '@playwright/test';

/**
 * Buys a card for `amount` euros (typed as a user would) in `lang`. `finish`: 'pay' pays and waits for
 * the wallet's ready line; 'cancel' cancels on the payment page; 'leave' stays on the payment page.
 * `brandId`: that brand's card (default: the first primary brand's).
 */
export async function buyGiftCard(page: Page, amount: string, opts: { lang?: 'en' | 'nl'; finish?: 'pay' | 'cancel' | 'leave'; brandId?: number } = {}): Promise<void> {
  const nl = opts.lang === 'nl';
  const finish = opts.finish ?? 'pay';
  await page.goto(`/#${nl ? '/nl' : ''}/gift-card${opts.brandId ? `/${opts.brandId}` : ''}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(nl ? 'Bedrag in euro' : 'Amount in euro').fill(amount);
  await dialog.getByRole('button', { name: nl ? 'Kopen' : 'Buy', exact: true }).click();
  await page.waitForURL(/\/sandbox\/pay\//);
  if (finish === 'leave') return;
  const label = finish === 'pay' ? (nl ? 'Betalen' : 'Pay') : nl ? 'Annuleren' : 'Cancel';
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.waitForURL(/#(\/nl)?\/wallet\?orderId=/);
  if (finish === 'pay') {
    const ready = nl ? /^Je cadeaukaart van .+ ter waarde van €\s[\d.,]+ staat klaar\. Kaart openen$/ : /^Your €[\d.,]+ .+ gift card is ready\. Open the card$/;
    await expect(page.getByRole('dialog').locator('.sp-wallet__ok')).toHaveText(ready, { timeout: 20_000 });
  }
}
