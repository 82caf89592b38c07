// PGlite in a worker thread of its own (pglite-thread.ts).
//
// PostgreSQL in WebAssembly takes 40–60 % of a catalogue call's time. In the
// server's thread it would run between the HTTP parsing, the routes and the
// JSON of every other shopper's call; in a thread of its own it runs beside
// them. The server's thread sends a statement's protocol messages, goes on
// with the other calls, and reads the answer's bytes when they come back
// (pglite-wire.ts).
import { Worker } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Parser } from './pglite-wire.ts';

export interface Answer {
  bytes: Uint8Array;
  length: number;
}

export interface Script {
  script: string;
  record: { text: string; params: unknown[] };
}

/** What the dialect needs of PGlite: protocol messages in, their answer's bytes out. */
export interface PGliteEngine {
  /**
   * Runs a batch of protocol messages; `sync` writes the data directory's files
   * afterwards. The batch is handed over before this returns: batches run in
   * the order of the calls.
   */
  exchange(batch: Uint8Array, sync: boolean): Promise<Answer>;
  /** Runs a multi-statement SQL script and a recording statement in one transaction. */
  script(work: Script): Promise<void>;
  /** Turns each column's text into a value, by type id (PGlite's own parsers). */
  readonly parsers: Record<number | string, Parser>;
  close(): Promise<void>;
}

// bigint ids and numeric quantities are read as numbers: ids stay far below
// 2^53 and quantities have at most 3 decimals.
const ourParsers = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };

/** The array types PGlite's query() reads (element type → array type), as PGlite itself lists them. */
export const ARRAY_TYPES_SQL = `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a
  LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem WHERE a.typcategory = 'A'
  GROUP BY b.oid, b.typarray ORDER BY b.oid`;

export async function openPGlite(dataDir: string | undefined): Promise<PGlite> {
  // pg_trgm: mistyped search words find their nearest catalogue word (migration 0006).
  const options = { parsers: ourParsers, extensions: { pg_trgm } };
  const pglite = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await pglite.waitReady;
  return pglite;
}

export async function runScript(pglite: PGlite, { script, record }: Script): Promise<void> {
  await pglite.transaction(async (tx) => {
    await tx.exec(script);
    await tx.query(record.text, record.params);
  });
}

/** What the worker thread sends back. */
export interface ThreadReply {
  id: number;
  answer?: Uint8Array;
  error?: { name: string; message: string };
}

type Request =
  | { kind: 'exchange'; batch: Uint8Array; sync: boolean }
  | { kind: 'script'; work: Script }
  | { kind: 'close' };
export type ThreadRequest = Request & { id: number };

export type ThreadStart =
  | { ready: true; arrayTypes: { oid: number; typarray: number }[] }
  | { ready: false; error: { name: string; message: string } };

const threadError = (error: { name: string; message: string }) =>
  Object.assign(new Error(error.message), { name: error.name });

/** PGlite in a worker thread of its own (pglite-thread.ts). */
export async function openEngine(dataDir: string | undefined): Promise<PGliteEngine> {
  const worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), { workerData: { dataDir } });
  const exited = (code: number) => new Error(`The database thread exited during start-up (exit ${code}).`);
  let failed: ((error: Error) => void) | undefined;
  const onExit = (code: number) => failed?.(exited(code));
  const onError = (error: Error) => failed?.(error);
  const start = await new Promise<ThreadStart>((resolve, reject) => {
    failed = reject;
    worker.once('message', resolve);
    worker.once('error', onError);
    worker.once('exit', onExit);
  }).finally(() => {
    worker.off('error', onError);
    worker.off('exit', onExit);
  });
  if (!start.ready) {
    await worker.terminate();
    throw threadError(start.error);
  }
  // The same parsers PGlite's query() would use: its defaults, ours, and one per array type.
  const parsers: Record<number | string, Parser> = { ...types.parsers, ...ourParsers };
  for (const { oid, typarray } of start.arrayTypes) {
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] as types.Parser, typarray);
  }

  const pending = new Map<number, { resolve: (reply: ThreadReply) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let stopped: Error | undefined;
  let closing = false;
  // PostgreSQL's own codes for a server that shut down (57P01) or crashed (57P02):
  // the API answers them 503 "Servizio momentaneamente non disponibile" (http.ts).
  const stop = (message: string) => {
    if (!stopped && !closing) console.error(`[db] ${message}; every database call fails until the shop restarts.`);
    stopped ??= Object.assign(new Error(message), { code: closing ? '57P01' : '57P02' });
    for (const waiter of pending.values()) waiter.reject(stopped);
    pending.clear();
  };
  worker.on('message', (reply: ThreadReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    // An idle thread does not keep the process alive; one with work does.
    if (pending.size === 0) worker.unref();
    if (reply.error) waiter.reject(threadError(reply.error));
    else waiter.resolve(reply);
  });
  worker.on('error', (error) => stop(`The database thread failed: ${error.message}`));
  worker.on('exit', (code) => stop(`The database thread stopped (exit ${code})`));
  worker.unref();

  const ask = (request: Request, transfer: ArrayBuffer[] = []): Promise<ThreadReply> => {
    if (stopped) return Promise.reject(stopped);
    const id = ++lastId;
    const { promise, resolve, reject } = Promise.withResolvers<ThreadReply>();
    if (pending.size === 0) worker.ref();
    pending.set(id, { resolve, reject });
    worker.postMessage({ ...request, id }, transfer);
    return promise;
  };

  return {
    parsers,
    exchange(batch, sync) {
      return ask({ kind: 'exchange', batch, sync }, [batch.buffer as ArrayBuffer]).then(({ answer }) => ({
        bytes: answer!,
        length: answer!.length,
      }));
    },
    async script(work) {
      await ask({ kind: 'script', work });
    },
    async close() {
      if (stopped) return;
      closing = true;
      await ask({ kind: 'close' });
      await worker.terminate();
    },
  };
}
