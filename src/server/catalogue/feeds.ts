// The ERP's feeds over HTTP (POST /cli/admin/feeds, docs/catalogue-feed.md "Over HTTP"): a
// full feed or a delta, each with the id the ERP gives it. The id is claimed in the very
// transaction that writes the feed (erp_feeds, migration 0023), so the same feed sent twice,
// or to two API processes at once, is written once: on PostgreSQL the second claim waits
// for the first transaction and then finds its row; PGlite runs one transaction at a time.
// The second sender is answered the first one's report. A refused feed claims nothing.
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { FeedReport } from '#src/shared/contract/store-operations.ts';
import { BadInput } from '../services/outcomes.ts';
import type { Trx } from './bulk-sql.ts';
import { applyDelta, isDelta } from './delta.ts';
import { importCatalogue, type ImportReport } from './import.ts';

const FEED_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

class AlreadyApplied extends Error {}

async function appliedReport(db: Db | Trx, feedId: string): Promise<FeedReport | null> {
  const row = await db
    .selectFrom('erp_feeds')
    .select(['report', 'received_at'])
    .where('feed_id', '=', feedId)
    .executeTakeFirst();
  if (!row?.report) return null;
  return { ...(row.report as unknown as FeedReport), repeated: true };
}

/** Reads, judges and applies one feed; the answer is its report (or the first report of the same feed id). */
export async function receiveFeed(db: Db, text: string): Promise<FeedReport> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BadInput(`Il feed non è un JSON valido: ${(error as Error).message}`);
  }
  const feedId = typeof value === 'object' && value !== null ? (value as { feedId?: unknown }).feedId : undefined;
  if (typeof feedId !== 'string' || !FEED_ID.test(feedId))
    throw new BadInput(
      'Manca feedId, l’identificativo del feed dato dall’ERP (lettere, cifre, . _ : -, al massimo 100).',
      [{ path: 'feedId', message: 'Identificativo del feed mancante o non valido.' }],
    );
  const kind = isDelta(value) ? 'DELTA' : 'FULL';
  const earlier = await appliedReport(db, feedId);
  if (earlier) return earlier;
  const receivedAt = new Date().toISOString();
  const answer = (report: ImportReport): FeedReport => ({ ...report, feedId, kind, receivedAt, repeated: false });
  const within = {
    async begin(trx: Trx) {
      const claimed = await sql<{ feed_id: string }>`INSERT INTO erp_feeds (feed_id, kind, received_at)
        VALUES (${feedId}, ${kind}, ${receivedAt}) ON CONFLICT (feed_id) DO NOTHING RETURNING feed_id`.execute(trx);
      if (claimed.rows.length === 0) throw new AlreadyApplied();
    },
    async end(trx: Trx, report: ImportReport) {
      await sql`UPDATE erp_feeds SET report = ${JSON.stringify(answer(report))}::jsonb WHERE feed_id = ${feedId}`.execute(
        trx,
      );
    },
  };
  try {
    const report =
      kind === 'DELTA' ? await applyDelta({ db }, value, within) : await importCatalogue({ db }, value, { within });
    return answer(report);
  } catch (error) {
    if (!(error instanceof AlreadyApplied)) throw error;
    const first = await appliedReport(db, feedId);
    if (!first) throw error;
    return first;
  }
}
