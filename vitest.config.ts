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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    css: false,
  },
});
