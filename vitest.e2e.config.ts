import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

/**
 * Browser tests (`npm run test:e2e`, which builds first): the built server runs once as a
 * child process (tests/e2e/global-setup.ts) and the files drive Debian's chromium through
 * playwright-core, one file at a time (the CI machine has 2 cores).
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^~\/(.*)$/, replacement: `${root}/app/$1` },
      { find: /^@modules\/(.*)$/, replacement: `${root}/modules/$1` },
      { find: /^@jobs\/(.*)$/, replacement: `${root}/jobs/$1` },
    ],
  },
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
