// importCatalogue(): validates a feed (validate.ts) and writes it in ONE
// transaction, so a failure half-way leaves the database as it was.
// Carts, orders, lists and favourites refer to products, so nothing they
// refer to is ever deleted: products are upserted by barcode (ids stay), and a
// product missing from the feed only loses its prices (no longer sold).
import { createHash } from 'node:crypto';
import type { DbHandle } from '../db/client.ts';
import { feedSections, type DeltaSection, type FeedSection } from './feed.ts';
import type { Trx } from './bulk-sql.ts';
import { judgeFeed, type IncompleteProduct, type RejectedRow, type SectionCount } from './validate.ts';
import { sql } from 'kysely';
import { forgetCatalogueVersion } from '../catalogue-version.ts';
import { writeCatalogue, type WriteStep } from './write.ts';

export interface ImportOptions {
  /** Import the valid rows and report the others, instead of refusing the whole feed. */
  skipInvalid?: boolean;
  /** Tests only: throw after this write step, inside the transaction. */
  failAfter?: WriteStep;
  /**
   * Runs first inside the import's transaction, and is given the report before it commits
   * (the ERP's feed id claimed and its report kept with the catalogue it wrote, feeds.ts).
   */
  within?: { begin(trx: Trx): Promise<void>; end(trx: Trx, report: ImportReport): Promise<void> };
}

export interface ImportReport {
  /** The counts' sections are a full feed's, or a delta's (delta.ts). */
  /** True when the catalogue was written. */
  imported: boolean;
  /** The new catalogue version (first 16 hex of the feed's sha256), when imported. */
  version: string | null;
  counts: Partial<Record<FeedSection | DeltaSection, SectionCount>>;
  rejected: RejectedRow[];
  /**
   * Accepted food products lacking mandatory food information (Reg. 1169/2011
   * art. 9): imported all the same (their page says which information is not
   * available), listed so the cooperative completes them.
   */
  incomplete: IncompleteProduct[];
  /** Products still in the database but absent from this feed: no longer sold. */
  withdrawn: number;
  durationMs: number;
  message: string;
}

export async function importCatalogue(
  handle: Pick<DbHandle, 'db'>,
  input: unknown,
  opts: ImportOptions = {},
): Promise<ImportReport> {
  const started = performance.now();
  const { feed, counts, rejected, incomplete } = judgeFeed(input);
  const report = (imported: boolean, version: string | null, withdrawn: number, message: string): ImportReport => ({
    imported,
    version,
    counts,
    rejected,
    incomplete,
    withdrawn,
    durationMs: Math.round(performance.now() - started),
    message,
  });
  if (!feed)
    return report(
      false,
      null,
      0,
      `Feed rifiutato: ${rejected[0]?.reason ?? 'non valido'}. Nessuna modifica al database.`,
    );
  if (rejected.length > 0 && !opts.skipInvalid) {
    return report(
      false,
      null,
      0,
      `Feed rifiutato: ${rejected.length} righe non valide. Nessuna modifica al database (usa --skip-invalid per importare le righe valide).`,
    );
  }
  // The validated feed is canonical already: zod writes every object's keys in
  // schema order, whatever order the file had, and fills in the defaults.
  const version = createHash('sha256').update(JSON.stringify(feed)).digest('hex').slice(0, 16);
  const summary = feedSections.map((s) => `${s} ${counts[s].accepted}`).join(', ');
  const skipped = rejected.length > 0 ? ` (${rejected.length} righe scartate)` : '';
  const lacking =
    incomplete.length > 0 ? ` ${incomplete.length} prodotti alimentari senza tutte le informazioni obbligatorie.` : '';
  const written = await handle.db.transaction().execute(async (trx) => {
    await opts.within?.begin(trx);
    const withdrawn = await writeCatalogue(
      trx,
      feed,
      { version, importedAt: new Date().toISOString() },
      opts.failAfter,
    );
    const done = report(true, version, withdrawn, `Catalogo ${version} importato${skipped}: ${summary}.${lacking}`);
    await opts.within?.end(trx, done);
    return done;
  });
  // Marks the rewritten pages all-visible, so listings read the indexes
  // without visiting the table (PGlite has no autovacuum); outside the
  // import's transaction, as VACUUM must be.
  forgetCatalogueVersion(handle.db);
  await sql`VACUUM products, product_search, store_products, promotions, product_tags`.execute(handle.db);
  return written;
}
