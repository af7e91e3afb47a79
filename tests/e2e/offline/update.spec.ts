// Update flow: a new build's worker installs and WAITS, the page offers 'Update available', and
// accepting reloads into the new version. Runs its own server instance (own port, own database)
// over a copy of dist/ so it can swap in a second build without disturbing the other specs.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, expectNoA11yViolations, test, waitForWorker } from '../support/fixtures';

const ROOT = resolve('.tmp/pwa-update');
const SERVED = resolve(ROOT, 'dist');
const NEXT = resolve(ROOT, 'dist-next');
const PORT = Number(process.env.E2E_UPDATE_PORT ?? 4179);
const BASE = `http://localhost:${PORT}`;
const NEXT_BUILD_ID = `e2e-update-${Date.now().toString(36)}`;

let server: ChildProcess | null = null;

async function waitForHealth(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`server at ${url} did not start`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(ROOT, { recursive: true });
  cpSync(resolve('dist'), SERVED, { recursive: true });
  // The second version: same sources, another build id (so the bundle, precache list and sw.js differ).
  execFileSync(process.execPath, [resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', NEXT, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, VITE_BUILD_ID: NEXT_BUILD_ID },
    stdio: 'pipe',
  });
  server = spawn(process.execPath, [resolve('build/server/main.js')], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: resolve(ROOT, 'db'), DIST_DIR: SERVED, DEMO_USERS: '1', PUBLIC_URL: BASE },
    stdio: 'ignore',
  });
  await waitForHealth(`${BASE}/api/v1.0/health`, 120_000);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  server = null;
});

test('a new version waits, the prompt appears, accepting reloads into it', { tag: '@worker' }, async ({ page }) => {
  await page.goto(`${BASE}/`);
  await waitForWorker(page);
  const firstBuild = await page.evaluate(() => document.documentElement.dataset.build);
  expect(firstBuild).toBeTruthy();
  expect(firstBuild).not.toBe(NEXT_BUILD_ID);
  await expect(page.getByRole('heading', { name: 'Update available' })).toHaveCount(0);

  // Deploy the new version under the running server.
  rmSync(SERVED, { recursive: true, force: true });
  cpSync(NEXT, SERVED, { recursive: true });

  // The next visit checks for a new worker; it installs and waits (the page keeps the old version).
  await page.reload();
  const prompt = page.getByRole('region', { name: 'Update available' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe(firstBuild);
  await expectNoA11yViolations(page, 'update prompt');
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

  // Accept: the page reloads into the new version, served by the new worker.
  await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update now' }).click()]);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.build), { timeout: 30_000 }).toBe(NEXT_BUILD_ID);
  await expect(page.getByRole('region', { name: 'Update available' })).toHaveCount(0);
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
});
