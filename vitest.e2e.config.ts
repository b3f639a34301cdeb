import { defineConfig } from 'vitest/config';
import { aliases } from './vitest.shared';

/**
 * Browser tests (`npm run test:e2e`, which builds first): the built server runs once as a
 * child process (tests/e2e/global-setup.ts) and the files drive Debian's chromium through
 * playwright-core, one file at a time (the CI machine has 2 cores).
 */
export default defineConfig({
  resolve: { alias: aliases },
  esbuild: { jsx: 'automatic' },
  test: {
    globals: true,
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.ts'],
    exclude: ['node_modules/**', 'build/**'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    css: false,
  },
});
