import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import * as boundaries from './eslint/boundaries.js';

/**
 * Lint: type-aware checks (no floating promises, type-only imports) and the dependency
 * rule of docs/conventions: routes import app/utils and a module's public surface only;
 * modules import another module's public surface only; nothing imports app/ from modules or jobs.
 */
// The module list is the modules/ folder (a new module is covered the day it is created).
const MODULES = boundaries.MODULES;
const publicSurface = ['index.server', 'schemas', 'constants'];

const deepModuleImport = {
  group: MODULES.flatMap((m) => [`@modules/${m}/*`, `!@modules/${m}/index.server`, `!@modules/${m}/schemas`, `!@modules/${m}/constants`]),
  message: 'Import a module through its public surface: @modules/<name>/index.server (server) or @modules/<name>/schemas (zod schemas) or @modules/<name>/constants (browser-safe values, no zod).',
};

export default tseslint.config(
  { ignores: ['build/**', 'public/build/**', 'node_modules/**', 'data/**', '.cache/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    // link.tsx wraps Remix's Link and NavLink (docs/decisions/235).
    ignores: ['app/**/*.test.{ts,tsx}', 'app/components/link.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@remix-run/react', importNames: ['Link', 'NavLink'], message: 'Import Link and NavLink from ~/components/link: written directly on the server (docs/decisions/235).' }],
          patterns: [
            deepModuleImport,
            { group: ['kysely', 'kysely/*'], message: 'Routes never import Kysely: call a module.' },
            { group: ['~/routes/*', './*.tsx', '../routes/*'], message: 'A route never imports another route.' },
            { group: ['../../modules/*', '../modules/*'], message: 'Use @modules/<name>/index.server.' },
          ],
        },
      ],
    },
  },
  ...MODULES.map((m) => ({
    files: [`modules/${m}/**/*.ts`],
    ignores: ['modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: MODULES.filter((o) => o !== m && o !== 'shared').flatMap((o) => [
                `@modules/${o}/*`,
                ...publicSurface.map((s) => `!@modules/${o}/${s}`),
              ]),
              message: "Another module's insides are private: import its index.server or schemas.",
            },
            { group: ['~/*', '../../app/*'], message: 'Nothing imports app/.' },
            ...(m === 'shared' ? [] : [{ group: ['../*/*', '!../shared/*'], message: 'Import other modules by @modules/<name>/index.server.' }]),
          ],
        },
      ],
    },
  })),
  {
    files: ['jobs/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [deepModuleImport, { group: ['~/*', '../app/*'], message: 'Nothing imports app/.' }] }],
    },
  },
  {
    // One rule over every folder and every import form (static, re-export, import(), import type):
    // eslint/boundaries.js. The patterns above stay as a second net with friendlier messages.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**'],
    plugins: { leda: boundaries.default },
    rules: { 'leda/boundaries': ['error', { publicSurface }] },
  },
  {
    files: ['migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-imports': ['error', { patterns: [{ group: ['@modules/*', '../modules/*', '~/*'], message: 'Migrations are frozen in time: they import only kysely.' }] }],
    },
  },
);
