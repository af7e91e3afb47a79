// Builds the floor app (tests/bench/floor.mjs) the way vite.config.ts builds the app: same React
// plugin, target and contract types, no modulepreload polyfill.
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { alias: { '@contract': resolve(import.meta.dirname, '../../../server/contract') } },
  build: { target: 'es2022', modulePreload: { polyfill: false }, emptyOutDir: true },
});
