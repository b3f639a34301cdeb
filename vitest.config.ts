import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

/** Unit and integration tests (next to the code); each file gets its own database. */
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
    include: ['app/**/*.test.{ts,tsx}', 'modules/**/*.test.ts', 'jobs/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**'],
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/per-file.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    css: false,
  },
});
