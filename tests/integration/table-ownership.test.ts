import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Tables belong to their module (issue 30 s.2, docs/decisions/320). The owner of a table is the
 * module whose `tables.ts` puts it in its `<Module>Tables` interface (the same interfaces that make
 * the `Database` type): one source of ownership. Each module's source (tests aside) may write, with
 * Kysely's insertInto / updateTable / deleteFrom / mergeInto, only its own tables; another module's
 * table changes through that module's functions (identity's createUser, addTeamUsers, updateUser...).
 * The exceptions are listed below, each with its reason.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const MODULES = {
  identity: 'IdentityTables',
  catalogue: 'CatalogueTables',
  journeys: 'JourneysTables',
  activities: 'ActivitiesTables',
  social: 'SocialTables',
  admin: 'AdminTables',
  shared: 'SharedTables',
} as const;
type ModuleName = keyof typeof MODULES;

/** file (from the repository root) -> the other modules' tables it may write, and why. */
const EXCEPTIONS: Record<string, { tables: string[]; reason: string }> = {
  'modules/admin/erasure.server.ts': {
    tables: [
      'communications',
      'rate_limits',
      'files',
      'notifications',
      'post_comments',
      'posts',
      'user_notifications',
      'my_activity_task_fields',
      'system_feedbacks',
      'team_users',
      'users',
    ],
    reason: "an erasure is one transaction over every module's personal data, driven by the privacy registry (decision 262)",
  },
  'modules/admin/retention.server.ts': {
    tables: ['communications', 'unsubscribe_tokens'],
    reason: 'the retention sweep prunes old rows of every module in one housekeeping job (decision 263)',
  },
  'modules/admin/people-demo-seed.server.ts': { tables: ['communications'], reason: 'demo seed: back-dated emails no use case writes' },
  'modules/admin/insights-demo-seed.server.ts': { tables: ['user_journeys'], reason: 'demo seed: back-dated journey completions no use case writes' },
};

function tableOwners(): Map<string, ModuleName> {
  const program = ts.createProgram([path.join(root, 'modules/shared/db/database.ts')], { strict: true, noEmit: true, skipLibCheck: true, noResolve: false });
  const checker = program.getTypeChecker();
  const owners = new Map<string, ModuleName>();
  for (const [module, iface] of Object.entries(MODULES) as [ModuleName, string][]) {
    const file = program.getSourceFile(path.join(root, module === 'shared' ? 'modules/shared/tables.ts' : `modules/${module}/tables.ts`));
    const symbol = file && checker.getSymbolAtLocation(file);
    const declared = symbol && checker.getExportsOfModule(symbol).find((s) => s.name === iface);
    if (!declared) throw new Error(`${module}/tables.ts does not export ${iface}`);
    for (const p of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(declared))) {
      if (owners.has(p.name)) throw new Error(`${p.name} is declared by ${owners.get(p.name)} and ${module}`);
      owners.set(p.name, module);
    }
  }
  return owners;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const WRITE = /\.(insertInto|updateTable|deleteFrom|mergeInto)\(\s*['"`]([a-z_]+)/g;

describe('tables belong to their module', () => {
  const owners = tableOwners();

  it('knows every table of the Database type, each owned by one module', () => {
    expect(owners.size).toBeGreaterThan(80);
    expect(owners.get('users')).toBe('identity');
    expect(owners.get('erasure_requests')).toBe('admin');
  });

  it("no module writes another module's table outside the listed exceptions", () => {
    const found: string[] = [];
    const used = new Set<string>();
    for (const module of Object.keys(MODULES) as ModuleName[]) {
      for (const file of sourceFiles(path.join(root, 'modules', module))) {
        const rel = path.relative(root, file);
        for (const m of fs.readFileSync(file, 'utf8').matchAll(WRITE)) {
          const table = m[2]!;
          const owner = owners.get(table);
          if (!owner || owner === module) continue;
          if (EXCEPTIONS[rel]?.tables.includes(table)) {
            used.add(`${rel}:${table}`);
            continue;
          }
          found.push(`${rel}: ${m[1]}('${table}') writes ${owner}'s table; call an ${owner} function`);
        }
      }
    }
    expect(found).toEqual([]);
    // An exception nothing needs any more is removed from the list.
    const stale = Object.entries(EXCEPTIONS).flatMap(([file, e]) => e.tables.filter((t) => !used.has(`${file}:${t}`)).map((t) => `${file}:${t}`));
    expect(stale).toEqual([]);
  });

  it("each module's privacy registry declares only its own tables", async () => {
    const { PRIVACY_RULES } = await import('@modules/admin/privacy-registry.server');
    const wrong = PRIVACY_RULES.filter((t) => owners.get(t.table) !== t.module).map((t) => `${t.table} declared by ${t.module}, owned by ${owners.get(t.table)}`);
    expect(wrong).toEqual([]);
  });

  it('the scan sees a write in a probe', () => {
    const probe = 'await trx\n  .insertInto(\'users\')\n  .values(x);\nawait db.updateTable("teams").set({});';
    expect([...probe.matchAll(WRITE)].map((m) => m[2])).toEqual(['users', 'teams']);
  });
});
