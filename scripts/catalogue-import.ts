// npm run catalogue:import -- <file> [--skip-invalid]
// Loads a catalogue feed (docs/catalogue-feed.md) into the configured
// database: all or nothing by default; exits 1 when nothing was imported.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '#src/server/config.ts';
import { openShopDatabase, timed } from '#src/server/bootstrap.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { printReport } from '#src/server/catalogue/report.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'skip-invalid': { type: 'boolean', default: false } },
});
const file = positionals[0];
if (!file || positionals.length > 1) {
  console.error('Usage: npm run catalogue:import -- <file.json> [--skip-invalid]');
  process.exit(2);
}

let text: string;
try {
  text = await timed(
    `Reading ${file}`,
    () => readFile(file, 'utf8'),
    (t) => `${(t.length / 1e6).toFixed(1)} MB`,
  );
} catch (error) {
  console.error(`Cannot read ${file}: ${(error as Error).message}`);
  process.exit(1);
}
const handle = await openShopDatabase(loadConfig());
try {
  const report = await timed(
    'Importing the catalogue',
    () => importCatalogue(handle, text, { skipInvalid: values['skip-invalid'] }),
    (r) => (r.imported ? `version ${r.version}` : 'nothing imported'),
  );
  printReport(report);
  if (!report.imported) process.exitCode = 1;
} catch (error) {
  console.error(`Import failed, the database is unchanged: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
