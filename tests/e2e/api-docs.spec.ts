// The API reference page (/docs/api) as an integrator opens it: it renders the document's operations
// from this server alone (no request leaves for another host) and without page errors, under the
// app's CSP. Scalar's bundle probes for eval once; the CSP blocks it and the page works without it,
// so that one violation is expected and any other fails the test.
import { test as base } from '@playwright/test';
import { expect } from './support/fixtures';

const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: async ({ context }, use) => {
    const violations: string[] = [];
    await context.exposeBinding('__reportCspViolation', (_source, text: string) => violations.push(text));
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || '?'}`);
      });
    });
    await use(violations);
  },
});

test('the API reference renders every audience\'s operations from this server alone', async ({ page, baseURL, cspViolations }) => {
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(baseURL!) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) elsewhere.push(r.url());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/docs/api');
  await expect(page.getByRole('heading', { name: 'SocialPay API', level: 1 })).toBeVisible({ timeout: 30_000 });
  const sidebar = page.getByRole('navigation', { name: 'Sidebar for SocialPay API' });
  for (const group of ['Users', 'Notifications', 'Wallet', 'Trips', 'Partner', 'Operator']) {
    await expect(sidebar.getByRole('button', { name: `${group} Open Group` })).toBeVisible();
  }
  await sidebar.getByRole('button', { name: 'Partner Open Group' }).click();
  await expect(sidebar.getByRole('button', { name: /A network reports a conversion/ })).toBeVisible();
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
  expect(cspViolations.filter((v) => !/^script-src blocked eval at .*\/docs\/api\/scalar\.js$/.test(v))).toEqual([]);
});
