import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { runDepcruise } from '../../scripts/depcruise';
// @ts-expect-error plain JS module without types (the eslint rule)
import { MODULES } from '../../eslint/boundaries.js';

/**
 * What lint refuses: each probe is a snippet linted as if it sat at that path with the project's
 * eslint.config.js (type-aware rules off: the probe files do not exist on disk), and a cycle
 * probe run through the dependency-cruiser check of `npm run lint`.
 */
const eslint = new ESLint({
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-unused-vars': 'off', '@typescript-eslint/consistent-type-imports': 'off' },
  },
});

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'leda/boundaries' || m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const REFUSED: [string, string, RegExp][] = [
  ['app/routes/probe.tsx', "import { loader } from './app';", /route never imports another route/],
  ['app/routes/probe.tsx', "import { loader } from '~/routes/app';", /route never imports another route/],
  ['app/routes/probe.tsx', "export async function loader() { return import('@modules/catalogue/import.server'); }", /public surface/],
  ['app/utils/probe.server.ts', "export { readProgress } from '../../modules/catalogue/progress.server';", /public surface/],
  ['app/routes/probe.tsx', "import { sql } from 'kysely';", /Kysely/],
  ['app/components/probe.tsx', "import { Link, useLocation } from '@remix-run/react';", /~\/components\/link/],
  ['app/routes/probe.tsx', "import { NavLink as N } from '@remix-run/react';", /~\/components\/link/],
  ['app/routes/admin.users/route.tsx', "import { loader } from '../admin.teams/route';", /route never imports another route/],
  ['app/routes/admin.users/route.tsx', "import { TeamRow } from '../admin.teams/team-row';", /that route's own/],
  ['app/components/probe.tsx', "import { loader } from '~/routes/admin.teams/route';", /route never imports another route/],
  ['app/routes/api+/post+/probe.ts', "import { action } from './savePost';", /route never imports another route/],
  ['app/routes/admin+/probe.tsx', "import { loader } from '../app';", /route never imports another route/],
  ['app/routes/admin+/user-list/route.tsx', "import { TeamRow } from '../team-list/team-row';", /that route's own/],
  ['jobs/probe.ts', "import { importCatalogue } from '../modules/catalogue/import.server';", /public surface/],
  ['jobs/probe.ts', "export const load = () => import('../modules/catalogue/import.server');", /public surface/],
  ['scripts/probe.ts', "import { login } from '../modules/identity/auth.server';", /public surface/],
  ['scripts/probe.ts', "import { json } from '../app/utils/api.server';", /Nothing imports app/],
  ['probe.ts', "import { getDb } from './modules/shared/db/db.server';", /public surface/],
  ['modules/shared/probe.server.ts', "import { listStories } from '../catalogue/catalogue.server';", /bottom layer/],
  ['modules/shared/probe.server.ts', "import { login } from '@modules/identity/index.server';", /bottom layer/],
  ['modules/activities/probe.server.ts', "import type { Story } from '../catalogue/types';", /insides are private/],
  ['modules/activities/probe.server.ts', "type Story = import('@modules/catalogue/types').Story;", /insides are private/],
  ['modules/activities/probe.server.ts', "export const f = () => import('@modules/catalogue/progress.server');", /insides are private/],
  ['modules/catalogue/probe.server.ts', "import { requireUser } from '~/utils/session.server';", /Nothing imports app/],
];

const ALLOWED: [string, string][] = [
  ['app/routes/probe.tsx', "import { policy } from '@modules/identity/index.server';\nimport { apiRoute } from '~/utils/api.server';"],
  ['app/routes/probe.tsx', "import { loginSchema } from '@modules/identity/schemas';"],
  ['app/routes/probe.tsx', "import { Form, useLocation } from '@remix-run/react';\nimport { Link } from '~/components/link';"],
  ['app/routes/admin.users/route.tsx', "import { UserRow } from './user-row';"],
  ['app/routes/admin+/user-list/route.tsx', "import { UserRow } from './user-row';"],
  ['modules/shared/db/probe.ts', "import type { CatalogueTables } from '../../catalogue/tables';"],
  ['modules/activities/probe.server.ts', "import { getDb } from '@modules/shared/db/db.server';\nimport { listStories } from '@modules/catalogue/index.server';"],
  ['server.ts', "import { RequestContext } from './app/runtime/context.server';"],
  ['jobs/probe.ts', "import { login } from '@modules/identity/index.server';"],
  ['jobs/probe.ts', "import { registerAllListeners } from '@modules/listeners.server';"],
];

describe('lint refuses imports across the boundaries', () => {
  for (const [file, code, why] of REFUSED) {
    it(`refuses in ${file}: ${code}`, async () => {
      const errors = await boundaryErrors(file, code);
      expect(errors.some((m) => why.test(m)), errors.join(' | ') || 'no error').toBe(true);
    });
  }
  for (const [file, code] of ALLOWED) {
    it(`allows in ${file}: ${code.split('\n')[0]}`, async () => {
      expect(await boundaryErrors(file, code)).toEqual([]);
    });
  }
});

describe('the module list', () => {
  it('is the modules/ folder, so a new module is covered the day it is created', () => {
    const folders = readdirSync('modules', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect(MODULES).toEqual(folders);
  });
});

describe('the cycle check of npm run lint', () => {
  it('names an import cycle', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'leda-cycle-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const { violations } = await runDepcruise([dir]);
      expect(violations).toHaveLength(1);
      expect(violations[0]).toMatch(/^no-circular: .*a\.ts -> .*b\.ts -> .*a\.ts$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds no cycle in the code base', async () => {
    const { violations } = await runDepcruise(['app', 'modules', 'jobs', 'scripts', 'migrations', 'server.ts']);
    expect(violations).toEqual([]);
  }, 60_000);
});
