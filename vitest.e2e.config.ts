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
    // axe-core scans every screen (tests/e2e/support.ts): a long flow on a busy 2-core machine needs the headroom.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    css: false,
  },
});
