// The worker thread that runs PGlite for pglite-engine.ts' inWorkerThread():
// it opens the database, then answers each request in the order it came,
// one at a time (a script's transaction is never interleaved with a batch).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PGliteModules, Script, ThreadReply, ThreadRequest, ThreadStart } from './pglite-engine.ts';
import { WireCollector } from './pglite-wire.ts';

/** The array types PGlite's query() reads (element type → array type), as PGlite itself lists them. */
const ARRAY_TYPES_SQL = `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem WHERE a.typcategory = 'A'
  GROUP BY b.oid, b.typarray ORDER BY b.oid`;

async function openPGlite(dataDir: string | undefined, modules: PGliteModules): Promise<PGlite> {
  // pg_trgm: mistyped search words find their nearest catalogue word (migration 0006).
  // The WebAssembly is the process's, compiled once (pglite-engine.ts).
  const options = { extensions: { pg_trgm }, pgliteWasmModule: modules.pglite, initdbWasmModule: modules.initdb };
  const pglite = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pglite.waitReady;
  // As on PostgreSQL (client.ts): statements are never JIT-compiled.
  await pglite.exec('SET jit = off');
  return pglite;
}

async function runScript(pglite: PGlite, { script, record }: Script): Promise<void> {
  await pglite.transaction(async (tx) => {
    await tx.exec(script);
    await tx.query(record.text, record.params);
  });
}

const port = parentPort!;
const { dataDir, modules } = workerData as { dataDir: string | undefined; modules: PGliteModules };
const plain = (error: unknown) => ({
  name: error instanceof Error ? error.name : 'Error',
  message: error instanceof Error ? error.message : String(error),
});

try {
  const pglite = await openPGlite(dataDir, modules);
  const { rows } = await pglite.query<{ oid: number; typarray: number }>(ARRAY_TYPES_SQL);
  const answer = new WireCollector();

  const handle = async (request: ThreadRequest): Promise<void> => {
    let reply: ThreadReply;
    try {
      if (request.kind === 'exchange') {
        answer.reset();
        await pglite.execProtocolRawStream(request.batch, { syncToFs: request.sync, onRawData: answer.push });
        reply = { id: request.id, answer: answer.take() };
      } else if (request.kind === 'script') {
        await runScript(pglite, request.work);
        reply = { id: request.id };
      } else {
        if (!pglite.closed) await pglite.close();
        reply = { id: request.id };
      }
    } catch (error) {
      reply = { id: request.id, error: plain(error) };
    }
    port.postMessage(reply);
  };

  let queue = Promise.resolve();
  port.on('message', (request: ThreadRequest) => {
    queue = queue.then(() => handle(request));
  });
  port.postMessage({ ready: true, arrayTypes: rows } satisfies ThreadStart);
} catch (error) {
  port.postMessage({ ready: false, error: plain(error) } satisfies ThreadStart);
}
