import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [{ find: /^@contract\//, replacement: fileURLToPath(new URL('./server/contract/', import.meta.url)) }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // Each file in a VM context of its own on a reused thread: still isolated (module state,
          // globals), without re-importing happy-dom per file. 67 files: 77 s -> 9 s on 2 cores.
          pool: 'vmThreads',
          maxWorkers: '100%',
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          // Two server processes on one PostgreSQL: its own project (npm run test:multi).
          exclude: ['tests/api/multi/**'],
          // One PGlite base database per worker, cloned per test file: see tests/api/support.
          pool: 'forks',
          // One file per core: vitest's default (cores − 1) ran one file at a time on CI's 2 cores.
          maxWorkers: '100%',
          // Files share a worker's module cache: the server's modules load (and PGlite's WebAssembly
          // compiles) once per worker, not once per file. Each file still has its own server and
          // database; nothing in tests/api mocks modules or globals. PGlite 227 -> 88 s, PostgreSQL
          // -> 67 s, 567/567 also with the files shuffled (three seeds).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // WebKit and Firefox through their own WebDriver front ends (npm run test:engines): one file,
          // one server, the engines one after the other.
          name: 'engines',
          environment: 'node',
          include: ['tests/engines/**/*.test.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 200_000,
        },
      },
      {
        test: {
          name: 'multi',
          environment: 'node',
          include: ['tests/api/multi/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 240_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
