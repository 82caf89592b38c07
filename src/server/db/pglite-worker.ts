// The worker thread that holds PGlite for pglite-thread.ts: it opens the
// database and answers each request in the order it came, through the
// prepared-statement connection of pglite-prepared.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { CompiledQuery, TransactionSettings } from 'kysely';
import { PreparedConnection } from './pglite-prepared.ts';

/** What the API's thread asks (pglite-thread.ts). */
export type Ask =
  | { op: 'query'; sql: string; parameters: readonly unknown[] }
  | { op: 'begin'; settings: TransactionSettings }
  | { op: 'commit' | 'rollback' | 'close' }
  | { op: 'script'; script: string; record: { text: string; params: unknown[] } };
type Request = { id: number } & Ask;

export type Reply = { id: number } & (
  | { rows?: unknown[]; numAffectedRows?: bigint }
  | { error: { name: string; message: string; fields: Record<string, unknown> } }
);

/** An error as it crosses the thread: its name, message and own fields (code, detail, constraint…). */
const plain = (error: unknown) => {
  const e = error instanceof Error ? error : new Error(String(error));
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e)) if (typeof value !== 'object' || value === null) fields[key] = value;
  return { name: e.name, message: e.message, fields };
};

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string | undefined };
// pg_trgm: mistyped search words find their nearest catalogue word (migration 0006).
const settings = { extensions: { pg_trgm }, parsers: { 20: Number, 1700: Number } };
try {
  const pglite = dataDir ? new PGlite(dataDir, settings) : new PGlite(settings);
  await pglite.waitReady;
  // As on PostgreSQL: no plan is compiled to machine code.
  await pglite.exec('SET jit = off');
  const connection = new PreparedConnection(pglite);
  const answer = async (request: Request): Promise<Omit<Reply, 'id'>> => {
    switch (request.op) {
      case 'query':
        return connection.executeQuery({ sql: request.sql, parameters: request.parameters } as CompiledQuery);
      case 'begin':
        await connection.begin(request.settings);
        return {};
      case 'commit':
      case 'rollback':
        await connection.end(request.op === 'commit');
        return {};
      case 'script':
        await pglite.transaction(async (tx) => {
          await tx.exec(request.script);
          await tx.query(request.record.text, request.record.params);
        });
        return {};
      case 'close':
        if (!pglite.closed) await pglite.close();
        return {};
    }
  };
  let queue = Promise.resolve();
  port.on('message', (request: Request) => {
    queue = queue.then(async () => {
      let reply: Reply;
      try {
        reply = { id: request.id, ...(await answer(request)) };
      } catch (error) {
        reply = { id: request.id, error: plain(error) };
      }
      port.postMessage(reply);
    });
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plain(error) });
}
