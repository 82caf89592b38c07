// npm run catalogue:generate -- --products N [--seed S] [--out file.json]
// Generates the deterministic demo catalogue; with --out writes the feed file
// only, otherwise imports it into the configured database.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '#src/server/config.ts';
import { logStep, openShopDatabase, timed } from '#src/server/bootstrap.ts';
import { generateCatalogue } from '#src/demo/catalogue/generate.ts';
import { importCatalogue } from '#src/server/catalogue/import.ts';
import { printReport } from '#src/server/catalogue/report.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '3000' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
const products = Number(values.products);
const seed = Number(values.seed);
if (!Number.isInteger(products) || products < 1 || products > 200_000 || !Number.isInteger(seed)) {
  console.error('Usage: npm run catalogue:generate -- --products N (1–200000) [--seed S] [--out file.json]');
  process.exit(2);
}

const feed = await timed(
  `Generating ${products} products (seed ${seed})`,
  async () => generateCatalogue({ products, seed }),
  (f) => `${f.products.length} products, ${f.prices.length} prices, ${f.promotions.length} promotions`,
);

if (values.out) {
  const out = values.out;
  await timed(`Writing ${out}`, () => writeFile(out, JSON.stringify(feed)));
} else {
  const handle = await openShopDatabase(loadConfig());
  try {
    const report = await timed('Importing the catalogue', () => importCatalogue(handle, feed));
    printReport(report);
    if (!report.imported) process.exitCode = 1;
  } finally {
    await handle.close();
  }
  logStep('Done.');
}
