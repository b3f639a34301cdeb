import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { aliases } from './vitest.shared';

/** Unit and integration tests (next to the code); each file gets its own database. */
export default defineConfig({
  resolve: { alias: aliases },
  esbuild: { jsx: 'automatic' },
  test: {
    globals: true,
    environment: 'node',
    include: ['app/**/*.test.{ts,tsx}', 'modules/**/*.test.ts', 'jobs/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/per-file.ts'],
    pool: 'forks',
    // One module graph per worker, shared by the files it runs (decision 231): a file's set-up is
    // its own database, not a fresh import of every module (~2 s each).
    isolate: false,
    // vitest's default (cores - 1) is one file at a time on a 2-core machine; the files wait on the
    // database and argon2 as much as on the CPU, so two at once finish sooner (docs/decisions/124).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    css: false,
  },
});
