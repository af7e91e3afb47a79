import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// `i18next` and `react-i18next` resolve to the app's small runtime (src/lib/i18n-lite: the part of
// both it uses, ~2 KB instead of ~17 KB gzip; i18n-lite.test.ts checks it against real i18next).
// TypeScript still reads the real packages' types. Exact matches only. Same list in vite.config.ts.
const I18N_LITE_ALIASES = [
  { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/lib/i18n-lite/i18next.ts', import.meta.url)) },
  { find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/lib/i18n-lite/react-i18next.ts', import.meta.url)) },
];

export default defineConfig({
  plugins: [react()],
  // The app's i18n runtime, as in the build (vite.config.ts).
  resolve: { alias: I18N_LITE_ALIASES },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // One PGlite base database per worker, cloned per test file: see tests/api/support.
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
