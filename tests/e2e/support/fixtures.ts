// Shared Playwright fixtures: axe check, sign-in helper, console-error collection.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './users';

/** Asserts there is no serious or critical axe violation on the current page. */
export async function expectNoA11yViolations(page: Page, context = ''): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n  ')}`).join('\n');
  expect(bad, `axe violations ${context}\n${summary}`).toEqual([]);
}

/** Signs in through the UI (Start → log in → Sign In) and waits for the menu. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, opts: { lang?: 'en' | 'nl' } = {}): Promise<void> {
  const prefix = opts.lang === 'nl' ? '/nl' : '';
  await page.goto(`/#${prefix}/sign-in`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(opts.lang === 'nl' ? 'E-mailadres' : 'Email').fill(email);
  await dialog.getByLabel(opts.lang === 'nl' ? 'Wachtwoord' : 'Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: opts.lang === 'nl' ? 'Inloggen' : 'Log in', exact: true }).click();
  await page.waitForURL(new RegExp(`#${prefix}/menu`));
}

/** Signs in through the API and stores the tokens the way the app does (faster for non-shell specs). */
export async function signInFast(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.evaluate(
    async ({ email, password }) => {
      const res = await fetch('/oauth/v2/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', username: email, password, scope: 'ios' }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
      const t = await res.json();
      const tokens = { access_token: t.access_token, refresh_token: t.refresh_token, expires_at: Date.now() + t.expires_in * 1000 };
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('socialpay-session');
        open.onupgradeneeded = () => open.result.createObjectStore('session');
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite');
          tx.objectStore('session').put(tokens, 'tokens');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      });
    },
    { email, password },
  );
  await page.reload();
}

export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
  },
});

export { expect };
