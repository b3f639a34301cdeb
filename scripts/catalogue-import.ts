/**
 * npm run catalogue:import -- <folder>
 * Validates every JSON/YAML file of a catalogue folder and upserts it by urlId in one transaction.
 * Any problem is printed as '<file>: <field path>: <message>' and nothing changes (exit code 1).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CatalogueImportError, importCatalogue } from '@modules/catalogue/index.server';
import { getDb, init, shutdown } from '@modules/shared/index.server';
import { ActivityImportError, importActivities } from '@modules/activities/index.server';
import { JourneyImportError, importJourneys } from '@modules/journeys/index.server';
import { fillDefaultPresetIfEmpty } from '@modules/admin/index.server';

type Out = { log: (line: string) => void; error: (line: string) => void };

export async function runCatalogueImport(folderArg: string | undefined, out: Out = console): Promise<number> {
  if (!folderArg) {
    out.error('Usage: npm run catalogue:import -- <folder>');
    return 2;
  }
  const folder = path.resolve(folderArg);
  try {
    const summary = await importCatalogue(getDb(), folder);
    out.log(`Imported ${folder}`);
    for (const [kind, count] of Object.entries(summary)) if (kind !== 'version') out.log(`  ${kind}: ${count}`);
    out.log(`  catalogue version: ${summary.version}`);
    out.log(`  activities: ${await importActivities(getDb(), folder)}`);
    out.log(`  journeys: ${await importJourneys(getDb(), folder)}`);
    // The default preset is built from the imported journeys, once (decision 251).
    if (await fillDefaultPresetIfEmpty(getDb())) out.log('  default preset: filled');
    return 0;
  } catch (e) {
    if (e instanceof ActivityImportError) {
      out.error(`The activities were not imported: ${e.problems.length} problem${e.problems.length === 1 ? '' : 's'} in ${folder}`);
      for (const p of e.problems) out.error(`  ${p}`);
      return 1;
    }
    if (e instanceof JourneyImportError) {
      out.error(`The journeys were not imported: ${e.problems.length} problem${e.problems.length === 1 ? '' : 's'} in ${folder}`);
      for (const p of e.problems) out.error(`  ${p}`);
      return 1;
    }
    if (e instanceof CatalogueImportError) {
      out.error(`Nothing was imported: ${e.problems.length} problem${e.problems.length === 1 ? '' : 's'} in ${folder}`);
      for (const p of e.problems) out.error(`  ${p}`);
      return 1;
    }
    throw e;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await init();
  let code = 1;
  try {
    code = await runCatalogueImport(process.argv[2]);
  } finally {
    await shutdown();
  }
  process.exit(code);
}
