import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A module's index.server.ts exports only what other code imports (issue 8, decision 229): every
 * name it exports is imported by some file outside the module (app/, jobs/, scripts/, tests/,
 * root files such as server.ts, modules/listeners.server.ts or another module). A module's own
 * files and tests import its inner files, never its index, so they do not count.
 * Read from the source text (no database, no type-checking): an `export *` is refused, as it hides the list.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MODULES = fs
  .readdirSync(path.join(ROOT, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const SKIP = new Set(['node_modules', 'build', '.cache', 'coverage', 'data', '.git']);
const ALIASES: [string, string][] = [
  ['@modules/', 'modules/'],
  ['~/', 'app/'],
  ['@jobs/', 'jobs/'],
];
const ALL = '*';

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const d of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(d.name)) continue;
    const p = path.join(dir, d.name);
    if (d.isDirectory()) sourceFiles(p, out);
    else if (/\.(tsx?|mjs|cjs|js)$/.test(d.name)) out.push(p);
  }
  return out;
}

/** Every code file that may import a module: app/, jobs/, scripts/, tests/, modules/ and the root files. */
function allFiles(): string[] {
  const out: string[] = [];
  for (const d of fs.readdirSync(ROOT, { withFileTypes: true })) {
    if (d.isFile() && /\.(tsx?|mjs|cjs|js)$/.test(d.name)) out.push(path.join(ROOT, d.name));
  }
  for (const dir of ['app', 'jobs', 'scripts', 'tests', 'modules']) {
    if (fs.existsSync(path.join(ROOT, dir))) sourceFiles(path.join(ROOT, dir), out);
  }
  return out;
}

const rel = (abs: string) => path.relative(ROOT, abs).split(path.sep).join('/');

/** The module whose index.server an import specifier names ('catalogue'), or null. */
function indexModule(fromFile: string, specifier: string): string | null {
  let abs: string;
  const alias = ALIASES.find(([a]) => specifier.startsWith(a));
  if (alias) abs = path.join(ROOT, alias[1], specifier.slice(alias[0].length));
  else if (specifier.startsWith('.')) abs = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  const m = /^modules\/([^/]+)\/index\.server(\.ts)?$/.exec(rel(abs));
  return m && MODULES.includes(m[1]!) ? m[1]! : null;
}

/** Parsed without JSDoc or parent pointers (the scan walks with its own ancestor list): a cold parse is the test's cost. */
const parse = (file: string, text: string) =>
  ts.createSourceFile(file, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** Visits every node with its ancestors (nearest last). */
function walk(node: ts.Node, visit: (n: ts.Node, ancestors: ts.Node[]) => void, ancestors: ts.Node[] = []) {
  visit(node, ancestors);
  ancestors.push(node);
  ts.forEachChild(node, (c) => walk(c, visit, ancestors));
  ancestors.pop();
}

/** The names an index.server.ts exports, and its `export *` statements (refused). */
function exportsOf(file: string) {
  const sf = parse(file, fs.readFileSync(file, 'utf8'));
  const names: string[] = [];
  const stars: string[] = [];
  const exported = (n: ts.Node) => ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st)) {
      if (!st.exportClause) stars.push(st.getText(sf));
      else if (ts.isNamespaceExport(st.exportClause)) names.push(st.exportClause.name.text);
      else for (const e of st.exportClause.elements) names.push(e.name.text);
    } else if (ts.isExportAssignment(st)) {
      names.push('default');
    } else if (exported(st)) {
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
      } else if (
        (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isEnumDeclaration(st)) &&
        st.name
      ) {
        names.push(st.name.text);
      }
    }
  }
  return { names, stars };
}

/** `ns.x` for each x a namespace (or a dynamic import's variable) is used with; ALL when it is used whole. */
function membersUsed(sf: ts.SourceFile, name: string): string[] {
  const out: string[] = [];
  walk(sf, (n, ancestors) => {
    if (!ts.isIdentifier(n) || n.text !== name) return;
    const p = ancestors[ancestors.length - 1]!;
    if (ts.isPropertyAccessExpression(p) && p.expression === n) out.push(p.name.text);
    else if (ts.isQualifiedName(p) && p.left === n) out.push(p.right.text);
    else if (!ts.isNamespaceImport(p) && !(ts.isVariableDeclaration(p) && p.name === n)) out.push(ALL);
  });
  return out;
}

/**
 * For each module, the names files outside it import from its index.server, and who imports its own
 * index. Only the text up to a file's last mention of index.server is parsed (imports come first);
 * a file that imports an index as a namespace or by import() is parsed whole, for its `ns.x` uses.
 */
function importsOfIndexes() {
  const used = new Map<string, Set<string>>(MODULES.map((m) => [m, new Set<string>()]));
  const selfImports: string[] = [];
  for (const file of allFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    const last = text.lastIndexOf('index.server');
    if (last < 0) continue;
    const lineEnd = text.indexOf('\n', last);
    const from = rel(file);
    const found: [string, string[]][] = [];
    const scan = (sf: ts.SourceFile, whole: boolean) => {
      let needsWhole = false;
      walk(sf, (n, ancestors) => {
        if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
          const m = indexModule(file, n.moduleSpecifier.text);
          const c = n.importClause;
          if (!m) return;
          const names: string[] = [];
          if (c?.name) names.push('default');
          if (c?.namedBindings && ts.isNamedImports(c.namedBindings)) for (const e of c.namedBindings.elements) names.push((e.propertyName ?? e.name).text);
          if (c?.namedBindings && ts.isNamespaceImport(c.namedBindings)) {
            if (whole) names.push(...membersUsed(sf, c.namedBindings.name.text));
            else needsWhole = true;
          }
          found.push([m, names]);
        } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
          const m = indexModule(file, n.moduleSpecifier.text);
          if (m) found.push([m, n.exportClause && ts.isNamedExports(n.exportClause) ? n.exportClause.elements.map((e) => (e.propertyName ?? e.name).text) : [ALL]]);
        } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0])) {
          const m = indexModule(file, n.arguments[0].text);
          if (!m) return;
          let i = ancestors.length - 1;
          while (i > 0 && (ts.isAwaitExpression(ancestors[i]!) || ts.isParenthesizedExpression(ancestors[i]!))) i--;
          const p = ancestors[i]!;
          if (ts.isVariableDeclaration(p) && ts.isObjectBindingPattern(p.name)) found.push([m, p.name.elements.map((e) => (e.propertyName ?? e.name).getText(sf))]);
          else if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) {
            if (whole) found.push([m, membersUsed(sf, p.name.text)]);
            else needsWhole = true;
          } else if (ts.isPropertyAccessExpression(p)) found.push([m, [p.name.text]]);
          else found.push([m, [ALL]]);
        } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
          const m = indexModule(file, n.argument.literal.text);
          let q = n.qualifier;
          while (q && ts.isQualifiedName(q)) q = q.left;
          if (m) found.push([m, [q ? q.text : ALL]]);
        }
      });
      return needsWhole;
    };
    if (scan(parse(file, lineEnd < 0 ? text : text.slice(0, lineEnd)), false)) {
      found.length = 0;
      scan(parse(file, text), true);
    }
    for (const [m, names] of found) {
      if (from.startsWith(`modules/${m}/`)) selfImports.push(`${from} imports modules/${m}/index.server`);
      else for (const n of names) used.get(m)!.add(n);
    }
  }
  return { used, selfImports };
}

describe('module public surfaces', () => {
  const { used, selfImports } = importsOfIndexes();

  it.each(MODULES.filter((m) => fs.existsSync(path.join(ROOT, 'modules', m, 'index.server.ts'))))(
    'modules/%s/index.server.ts exports only names imported outside the module',
    (m) => {
      const { names, stars } = exportsOf(path.join(ROOT, 'modules', m, 'index.server.ts'));
      expect(stars, 'list the names instead of `export *`').toEqual([]);
      expect(names.length).toBeGreaterThan(0);
      const importers = used.get(m)!;
      const unused = importers.has(ALL) ? [] : names.filter((n) => !importers.has(n));
      expect(unused, `exported by modules/${m}/index.server.ts but imported by no file outside the module: drop them (the module's own code and tests import the inner file)`).toEqual([]);
    },
  );

  it('no module imports its own index.server (its files and tests import the inner file)', () => {
    expect(selfImports).toEqual([]);
  });
});
