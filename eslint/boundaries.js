import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The dependency rule of docs/conventions as one eslint rule (`leda/boundaries`), applied to every
 * static import, re-export, dynamic import() and import('x').T type, with the path resolved the way
 * TypeScript does (aliases @modules/, ~/, @jobs/ and relative paths alike), so './app' in a route or
 * '../../modules/catalogue/import.server' in a script cannot slip past a pattern.
 *
 * - app/: a module only through its public surface; never a route (a route never imports another route).
 * - modules/<m>: another module only through its public surface; never app/ or migrations/.
 *   modules/shared is the bottom layer: it imports no other module, except the type-only `tables`
 *   joined into the Database type (and migrate.server.ts runs the migrations index).
 * - jobs/, scripts/, root files (server.ts) and any other folder: a module only through its public
 *   surface; app/ only from server.ts (the Remix server entry).
 * Tests are exempt (they may reach a module's insides). The module list is the modules/ folder.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const MODULES = fs
  .readdirSync(path.join(ROOT, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const ALIASES = [
  ['@modules/', 'modules/'],
  ['~/', 'app/'],
  ['@jobs/', 'jobs/'],
];

/** The repository-relative target of an import ('modules/catalogue/import.server'), or null for a package. */
export function resolveTarget(fromFile, specifier) {
  let abs;
  const alias = ALIASES.find(([a]) => specifier.startsWith(a));
  if (alias) abs = path.join(ROOT, alias[1], specifier.slice(alias[0].length));
  else if (specifier.startsWith('.')) abs = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  return path.relative(ROOT, abs).split(path.sep).join('/').replace(/\.(tsx?|jsx?|mjs|cjs)$/, '').replace(/\/index$/, '');
}

const isTest = (rel) => /\.test\.tsx?$|\.e2e\.tsx?$/.test(rel) || rel.startsWith('tests/');

function moduleOf(rel) {
  // A module is a folder of modules/; a file beside them (listeners.server.ts, the start-up wiring) is not.
  const m = /^modules\/([^/]+)\/(.*)$/.exec(rel);
  return m && MODULES.includes(m[1]) ? { name: m[1], rest: m[2] } : null;
}

/**
 * 'route' for a route module (app/routes/<file>, a file in a remix-flat-routes '+' folder such as
 * app/routes/api+/post+/<file>, or <folder>/route in Remix's v2 folder convention; decisions 134 and
 * 230), the folder for a file co-located beside a folder route, null outside app/routes.
 */
function routeTarget(rel) {
  const parts = rel.split('/');
  if (parts[0] !== 'app' || parts[1] !== 'routes' || parts.length < 3) return null;
  const folder = routeFolder(rel);
  if (!folder) return 'route';
  return rel === `${folder}/route` ? 'route' : folder;
}

/** The folder route (Remix's v2 folder convention) a file in app/routes sits in, past any '+' folders; else null. */
function routeFolder(rel) {
  const parts = rel.split('/');
  if (parts[0] !== 'app' || parts[1] !== 'routes') return null;
  let i = 2;
  while (i < parts.length - 1 && parts[i].endsWith('+')) i++;
  return i < parts.length - 1 ? parts.slice(0, i + 1).join('/') : null;
}

/** The message for a forbidden import, or null. */
export function check(sourceRel, targetRel, { typeOnly, publicSurface }) {
  if (targetRel === null || isTest(sourceRel)) return null;
  const isPublic = (t) => publicSurface.includes(t.rest);
  const target = moduleOf(targetRel);
  const source = moduleOf(sourceRel);
  const surface = `@modules/<name>/${publicSurface.join(' | ')}`;

  if (source) {
    if (targetRel === 'app' || targetRel.startsWith('app/')) return 'Nothing imports app/: a module never reaches into Remix code.';
    if (targetRel.startsWith('migrations')) {
      return source.name === 'shared' && targetRel === 'migrations' ? null : 'Only modules/shared/db runs the migrations index.';
    }
    if (!target || target.name === source.name) return null;
    if (source.name === 'shared') {
      return typeOnly && target.rest === 'tables'
        ? null
        : `modules/shared is the bottom layer: it imports no other module (only the type-only tables for the Database type), not ${targetRel}.`;
    }
    if (target.name === 'shared') return null;
    return isPublic(target) ? null : `Another module's insides are private: import ${surface}, not ${targetRel}.`;
  }

  if (sourceRel.startsWith('app/')) {
    const route = routeTarget(targetRel);
    if (route === 'route') return 'A route never imports another route (nor does anything else in app/): move the shared code to app/utils or a module.';
    if (route && route !== routeFolder(sourceRel)) return `Files beside a route in ${route}/ are that route's own: move shared code to app/components or app/utils.`;
    if (target && !isPublic(target)) return `Import a module through its public surface (${surface}), not ${targetRel}.`;
    return null;
  }

  if (sourceRel.startsWith('migrations/')) return null; // eslint.config.js: migrations import only kysely

  // server.ts is the Remix server entry; remix.env.d.ts types Remix's load context with app's request store.
  const mayImportApp = sourceRel === 'server.ts' || sourceRel === 'remix.env.d.ts';
  if ((targetRel === 'app' || targetRel.startsWith('app/')) && !mayImportApp) return 'Nothing imports app/ (only server.ts, the Remix server entry).';
  if (target && !isPublic(target)) return `Import a module through its public surface (${surface}), not ${targetRel}.`;
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'The module and layer boundaries of docs/conventions.' },
    schema: [{ type: 'object', properties: { publicSurface: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: { forbidden: '{{message}}' },
  },
  create(context) {
    const publicSurface = context.options[0]?.publicSurface ?? ['index.server', 'schemas'];
    const sourceRel = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const report = (node, specifier, typeOnly) => {
      if (typeof specifier !== 'string') return;
      const message = check(sourceRel, resolveTarget(context.filename, specifier), { typeOnly, publicSurface });
      if (message) context.report({ node, messageId: 'forbidden', data: { message } });
    };
    const allTypes = (node) =>
      node.importKind === 'type' || node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    return {
      ImportDeclaration: (node) => report(node.source, node.source.value, allTypes(node)),
      ExportNamedDeclaration: (node) => node.source && report(node.source, node.source.value, allTypes(node)),
      ExportAllDeclaration: (node) => report(node.source, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && report(node.source, node.source.value, false),
      TSImportType: (node) => {
        const lit = node.argument?.literal ?? node.argument;
        if (lit?.type === 'Literal') report(lit, lit.value, true);
      },
    };
  },
};

export default { rules: { boundaries: rule } };
