// The demo catalogue on first start (docs/architecture.md §4): an empty database gets
// the generated catalogue; a loaded one is left alone. The generator is the demo's
// (src/demo), loaded only for an empty database.
import { advisoryLocks, type DbHandle } from '../db/client.ts';
import { importCatalogue, type ImportReport } from './import.ts';

export async function seedIfEmpty(
  handle: DbHandle,
  opts: { products: number; log?: (msg: string) => void },
): Promise<ImportReport | null> {
  // Processes starting together on an empty database: one seeds, the others then find it loaded.
  return handle.exclusive(advisoryLocks.seed, () => seedNow(handle, opts));
}

async function seedNow(
  handle: DbHandle,
  opts: { products: number; log?: (msg: string) => void },
): Promise<ImportReport | null> {
  const any = await handle.db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const log = opts.log ?? (() => {});
  const { generateCatalogue } = await import('#src/demo/entry.ts');
  let started = performance.now();
  const feed = generateCatalogue({ products: opts.products });
  log(
    `Demo catalogue generated: ${feed.products.length} products, ${feed.prices.length} prices (${Math.round(performance.now() - started)} ms)`,
  );
  started = performance.now();
  const report = await importCatalogue(handle, feed);
  if (!report.imported)
    throw new Error(`The demo catalogue was refused: ${report.message} ${JSON.stringify(report.rejected.slice(0, 5))}`);
  log(`Demo catalogue imported: version ${report.version} (${Math.round(performance.now() - started)} ms)`);
  return report;
}
