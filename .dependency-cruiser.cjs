/**
 * dependency-cruiser rules run by `npm run lint` (through scripts/depcruise.ts, which calls its API:
 * the CLI refuses Node 20). eslint.config.js holds the import boundary rules; this file holds what
 * eslint cannot see: cycles across files and modules (type-only imports included).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles. A higher module calls a lower one; a lower module announces facts through ' +
        'modules/shared/events (docs/decisions/131-module-cooperation.md).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'nothing-imports-app',
      severity: 'error',
      comment: 'Only app/ (and server.ts, the Remix server entry) imports app/.',
      from: { pathNot: ['^app/', '^server\.ts$'] },
      to: { path: '^app/' },
    },
    {
      name: 'features-stay-apart',
      severity: 'error',
      comment:
        "A feature's route-support code (app/features/<feature>/) serves that feature's routes; code two " +
        'features share moves to app/utils (docs/decisions/341-a-home-for-server-code.md).',
      from: { path: '^app/features/([^/]+)/' },
      to: { path: '^app/features/', pathNot: '^app/features/$1/' },
    },
    {
      name: 'generic-code-not-on-features',
      severity: 'error',
      comment: 'app/utils and app/runtime are generic: they never import one feature (decision 341).',
      from: { path: '^app/(utils|runtime)/' },
      to: { path: '^app/features/' },
    },
    {
      name: 'migrations-only-kysely',
      severity: 'error',
      comment: 'Migrations are frozen in time: they import only kysely and each other.',
      from: { path: '^migrations/' },
      to: { pathNot: ['^migrations/', 'node_modules/kysely'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.tsx?$', '^tests/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
