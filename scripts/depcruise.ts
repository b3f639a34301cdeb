/**
 * `npm run lint`'s cycle and layer check: dependency-cruiser's API with .dependency-cruiser.cjs
 * (its CLI refuses Node 20, the API runs fine). Exits 1 and lists each violation.
 *   tsx scripts/depcruise.ts [paths...]   (default: app modules jobs scripts migrations server.ts)
 */
import { createRequire } from 'node:module';
import { cruise, type ICruiseOptions, type IReporterOutput } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const require = createRequire(import.meta.url);

export async function runDepcruise(paths: string[], configFile = './.dependency-cruiser.cjs'): Promise<{ violations: string[]; ms: number }> {
  const started = Date.now();
  const config = require(require.resolve(configFile, { paths: [process.cwd()] })) as { forbidden: unknown[]; options: ICruiseOptions & { tsConfig?: { fileName: string } } };
  const { tsConfig: tsConfigRef, ...options } = config.options;
  const tsConfig = tsConfigRef ? extractTSConfig(tsConfigRef.fileName) : undefined;
  const result: IReporterOutput = await cruise(
    paths,
    { ...options, validate: true, ruleSet: { forbidden: config.forbidden, options: { tsConfig: tsConfigRef } } as never },
    {},
    { tsConfig },
  );
  const output = result.output as Exclude<IReporterOutput['output'], string>;
  const violations = output.summary.violations.map((v) =>
    v.cycle?.length ? `${v.rule.name}: ${[v.from, ...v.cycle.map((c) => c.name)].join(' -> ')}` : `${v.rule.name}: ${v.from} -> ${v.to}`,
  );
  return { violations, ms: Date.now() - started };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const { violations, ms } = await runDepcruise(args.length ? args : ['app', 'modules', 'jobs', 'scripts', 'migrations', 'server.ts']);
  for (const v of violations) console.error(v);
  console.log(`dependency-cruiser: ${violations.length} violation(s) in ${ms} ms`);
  process.exit(violations.length ? 1 : 0);
}
