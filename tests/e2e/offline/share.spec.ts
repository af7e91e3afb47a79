// Ambassador sharing: the native share sheet when the browser has one (called with the link),
// otherwise the share options modal; copy puts the link on the clipboard and shows the toast.
import { expect, expectNoA11yViolations, signInFast, test } from '../support/fixtures';
import { userEmail } from '../support/users';

const EMAIL = userEmail('offline3');

async function ambassadorLink(page: import('@playwright/test').Page): Promise<string> {
  // The link the server gives this user (what the screen must show and share).
  return page.evaluate(async () => {
    const open = indexedDB.open('socialpay-session');
    const db: IDBDatabase = await new Promise((r, j) => {
      open.onsuccess = () => r(open.result);
      open.onerror = () => j(open.error);
    });
    const tokens = await new Promise<{ access_token: string }>((r, j) => {
      const req = db.transaction('session').objectStore('session').get('tokens');
      req.onsuccess = () => r(req.result);
      req.onerror = () => j(req.error);
    });
    db.close();
    const res = await fetch('/api/v1.0/application-users/me', { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    return (await res.json()).ambassador_link as string;
  });
}

test.describe('ambassador share', () => {
  test('native share is called straight from the tap with the link; cancelling is not an error', async ({ page, pageErrors }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __shares: unknown[]; __shareMode: string };
      w.__shares = [];
      w.__shareMode = 'ok';
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: function share(data: unknown) {
          // Transient user activation proves the call came straight from the click.
          w.__shares.push({ data, activated: navigator.userActivation?.isActive ?? null });
          return w.__shareMode === 'abort'
            ? Promise.reject(new DOMException('Share canceled', 'AbortError'))
            : Promise.resolve();
        },
      });
      Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });
    });
    await signInFast(page, EMAIL);
    const link = await ambassadorLink(page);
    expect(link).toMatch(/^https?:\/\/.+/);
    await page.goto('/#/ambassador');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Ambassador' })).toBeVisible();
    await expect(dialog.getByLabel('Your referral link')).toHaveValue(link);
    await expectNoA11yViolations(page, 'ambassador screen');

    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    const shares = await page.evaluate(() => (window as unknown as { __shares: Array<{ data: { url: string; title: string; text: string }; activated: boolean | null }> }).__shares);
    expect(shares).toHaveLength(1);
    expect(shares[0].data.url).toBe(link);
    expect(shares[0].data.title).toBeTruthy();
    expect(shares[0].activated).not.toBe(false);
    await expect(page.getByRole('dialog', { name: 'Share your link' })).toHaveCount(0);

    // The user closes the share sheet: nothing else happens (no modal, no error).
    await page.evaluate(() => {
      (window as unknown as { __shareMode: string }).__shareMode = 'abort';
    });
    await dialog.getByRole('button', { name: 'Share', exact: true }).click();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog', { name: 'Share your link' })).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test('without native share the options modal opens; copy fills the clipboard and shows the toast', async ({ page, context, pageErrors }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
      delete (Navigator.prototype as { canShare?: unknown }).canShare;
    });
    await signInFast(page, EMAIL);
    const link = await ambassadorLink(page);
    await page.goto('/#/ambassador');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Share your link' });
    await expect(modal).toBeVisible();

    const enc = encodeURIComponent(link);
    const expected: Array<[string, RegExp]> = [
      ['x', /^https:\/\/x\.com\/intent\/tweet\?/],
      ['facebook', /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/],
      ['messenger', /^(fb-messenger:\/\/share\/\?link=|https:\/\/www\.facebook\.com\/)/],
      ['whatsapp', /^https:\/\/wa\.me\/\?text=/],
      ['email', /^mailto:\?subject=/],
      ['threads', /^https:\/\/www\.threads\.net\/intent\/post\?text=/],
      ['telegram', /^https:\/\/t\.me\/share\/url\?url=/],
    ];
    for (const [name, re] of expected) {
      const href = await modal.locator(`a[data-share="${name}"]`).getAttribute('href');
      expect(href, name).toMatch(re);
      expect(href, name).toContain(enc);
    }
    await expectNoA11yViolations(page, 'share options modal');
    for (const name of ['X', 'Facebook', 'Messenger', 'WhatsApp', 'Email', 'Threads', 'Telegram']) {
      await expect(modal.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    }

    await modal.getByRole('button', { name: 'Copy link' }).click();
    const toast = page.locator('.toast').filter({ hasText: 'Link copied to the clipboard' });
    await expect(toast).toBeVisible();
    // Announced through the live region of the modal on top (the page behind it is inert).
    await expect(modal.locator('[data-live="polite"]')).toHaveText('Link copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(modal.getByRole('button', { name: 'Copied' })).toBeVisible();
    // the toast goes after 1.9 s, the copied flag after 3 s
    await expect(toast).toHaveCount(0, { timeout: 2_500 });
    await expect(modal.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 2_000 });
    expect(pageErrors).toEqual([]);
  });
});
