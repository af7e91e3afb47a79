// Playwright journeys on the production build and the real server (npm run test:e2e builds first).
// Chromium: CHROMIUM_PATH, else /usr/bin/chromium when present, else Playwright's own browser.
import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // CI has 2 cores. Three workers (tried 2026-11-27: the journeys took ~12 min instead of ~15) made
  // the offline journeys' timing flaky (outbox.spec's quick reloads failed twice in one run): two it is.
  workers: process.env.CI ? 2 : undefined,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    // A trace records every action with screenshots: ~40% of the suite's CPU when kept for every test
    // (measured 75 s against 46 s on three spec files). CI records it for the retry of a failed test;
    // locally, re-run a failure with --trace on.
    trace: process.env.CI ? 'on-first-retry' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The BUILT server on a fresh temporary database each run (see tests/e2e/support/start-server.mjs).
    command: 'node tests/e2e/support/start-server.mjs',
    url: `${baseURL}/api/v1.0/health`,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === '1',
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.E2E_DATA_DIR ?? '.tmp/e2e-db',
      // Optional: serve a separately built app (e.g. `vite build --outDir .tmp/dist-x`) so parallel builds don't interfere.
      ...(process.env.E2E_DIST_DIR ? { DIST_DIR: process.env.E2E_DIST_DIR } : {}),
      DEMO_USERS: '13',
      // The payout job every 3 s, so a reward reaches Paid within a journey (reward-loop.spec.ts).
      PAYOUT_INTERVAL: '3',
      // notifications.spec.ts's stand-in PushManager hands out endpoints on this (reserved, unresolvable) host.
      PUSH_HOSTS: 'push.example.net',
      PUBLIC_URL: baseURL,
      // Every journey signs in and up from 127.0.0.1: the per-client limits stay on, out of reach.
      RATE_LIMIT_TOKEN: '2000/60',
      RATE_LIMIT_SIGNUP: '2000/3600',
      RATE_LIMIT_RESET_PASSWORD: '2000/3600',
      RATE_LIMIT_TRACKING: '20000/60',
    },
  },
});
