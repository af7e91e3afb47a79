// A SHOP tap on a brand page as a person makes it: the trip is recorded by the server (201) and the
// shop opens in a new tab, which the journey then closes.
import { expect, type BrowserContext, type Page } from '@playwright/test';

export async function tapShopRecorded(page: Page, context: BrowserContext): Promise<void> {
  const recorded = page.waitForResponse((r) => r.url().endsWith('/shopping-trips') && r.request().method() === 'POST');
  const popup = context.waitForEvent('page');
  await page.getByRole('dialog').getByRole('button', { name: 'SHOP' }).click();
  expect((await recorded).status()).toBe(201);
  await (await popup).close();
}
