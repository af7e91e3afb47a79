// Shared Playwright fixtures: axe check, sign-in helper, page-error collection, and a check that fails
// any journey on a CSP violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { signInInPage } from '../../bench/lib/sign-in.mjs';
import { createAccount, DEMO_PASSWORD, uniqueEmail } from './users';

/** Asserts there is no serious or critical axe violation of the WCAG 2.2 AA rule set on the current page. */
export async function expectNoA11yViolations(page: Page, context = ''): Promise<void> {
  // Legacy mode runs axe.run() in the page itself. The default finishes each check in a new blank
  // page (a renderer process of its own): ~3 s of CPU per check against ~1 s, and our frames are
  // all same-origin, which axe.run() covers.
  const results = await new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
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

/** Waits until the app's service worker controls the page (a first visit installs and claims it). */
export async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
}

/** Signs in through the API and stores the tokens the way the app does (faster for non-shell specs). */
export async function signInFast(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await signInInPage(page, { email, password });
  await page.reload();
}

/** A new account (signed up through the API, email tagged `tag`) signed in the fast way; its email. */
export async function signInNewAccount(page: Page, request: APIRequestContext, tag: string, password = DEMO_PASSWORD): Promise<string> {
  const email = uniqueEmail(tag);
  await createAccount(request, email, password);
  await signInFast(page, email, password);
  return email;
}

export const test = base.extend<{ pageErrors: string[]; cspViolations: string[] }>({
  // A service worker precaches the whole app (~1.3 MB, 154 files) in every new browser context, ~0.8 s
  // of CPU per journey. Only journeys tagged @worker (offline, install, update, push, share target,
  // anything that waits for the worker) get one; the rest run as a first visit before it installs.
  serviceWorkers: async ({}, use, testInfo) => use(testInfo.tags.includes('@worker') ? 'allow' : 'block'),
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
  },
  // Every journey, in every page of its context: a Content-Security-Policy violation fails the test
  // (the app's CSP is strict; a violation is code the policy blocks, e.g. an eval probe).
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation;
          report?.(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || '?'}:${e.lineNumber}`);
        });
      });
      await use(violations);
      expect(violations, 'CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
