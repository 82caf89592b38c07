// PGlite in a worker thread of its own (pglite-thread.ts).
//
// PostgreSQL in WebAssembly takes 40–60 % of a catalogue call's time. In the
// server's thread it would run between the HTTP parsing, the routes and the
// JSON of every other shopper's call; in a thread of its own it runs beside
// them. The server's thread sends a statement's protocol messages, goes on
// with the other calls, and reads the answer's bytes when they come back
// (pglite-wire.ts).
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { types } from '@electric-sql/pglite';
import type { Parser } from './pglite-wire.ts';
import { statementSent, statementsAnswered } from '../in-flight.ts';

export interface Answer {
  /** The answer's bytes, one character a byte (pglite-wire.ts' AnswerBytes reads them). */
  text: string;
  /** Which database thread answered: 1 for the first, a new number after each restart. */
  session: number;
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
   * the order of the calls. With `inSession`, it is refused (57P02) unless it
   * would run in that session: a transaction's statements after a restart.
   */
  exchange(batch: Uint8Array, sync: boolean, inSession?: number): Promise<Answer>;
  /** Runs a multi-statement SQL script and a recording statement in one transaction. */
  script(work: Script): Promise<void>;
  /** Turns each column's text into a value, by type id (PGlite's own parsers). */
  readonly parsers: Record<number | string, Parser>;
  /** The session a batch sent now would run in: 1 for the first thread, a new number after each restart. */
  readonly session: number;
  /** Ends the thread as a crash would (tests of the restart). */
  stopThread(): Promise<void>;
  close(): Promise<void>;
}

// bigint ids and numeric quantities are read as numbers: ids stay far below
// 2^53 and quantities have at most 3 decimals.
const ourParsers = { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) };

/** What the worker thread sends back. */
export interface ThreadReply {
  id: number;
  answer?: string;
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

/** PostgreSQL's own codes for a server that shut down (57P01) or crashed (57P02): the API answers them 503 (http.ts). */
const gone = (message: string, code: '57P01' | '57P02') => Object.assign(new Error(message), { code });

/** PGlite's two WebAssembly modules, compiled by the process for all its database threads. */
export interface PGliteModules {
  pglite: WebAssembly.Module;
  initdb: WebAssembly.Module;
}

let compiled: Promise<PGliteModules> | undefined;

/**
 * PGlite's WebAssembly (PostgreSQL, and initdb for a new database), compiled
 * once per process and shared with every database thread, instead of compiled
 * by each thread and freed when it closes. A process that opens and closes
 * many databases (the tests) compiles 9 MB once, and V8 never frees that code
 * while other threads run theirs: freeing it under such churn can abort the
 * process (nodejs/node#64500).
 */
function pgliteModules(): Promise<PGliteModules> {
  if (!compiled) {
    compiled = (async () => {
      const dist = new URL('.', import.meta.resolve('@electric-sql/pglite'));
      const [pglite, initdb] = await Promise.all(
        ['pglite.wasm', 'initdb.wasm'].map(async (file) => WebAssembly.compile(await readFile(new URL(file, dist)))),
      );
      return { pglite: pglite!, initdb: initdb! };
    })();
    // A failure is the caller's; the next database tries again.
    compiled.catch(() => {
      compiled = undefined;
    });
  }
  return compiled;
}

/** Starts a database thread and waits until its PGlite is open. */
async function startThread(
  dataDir: string | undefined,
): Promise<{ worker: Worker; start: ThreadStart & { ready: true } }> {
  const modules = await pgliteModules();
  const worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), { workerData: { dataDir, modules } });
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
  return { worker, start };
}

interface Waiter {
  resolve: (reply: ThreadReply) => void;
  reject: (error: Error) => void;
}

/**
 * PGlite in a worker thread of its own (pglite-thread.ts). If the thread dies,
 * the calls it had are refused (57P02) and, for a data directory, a new thread
 * opens it again (PostgreSQL recovers what was committed); the calls sent
 * meanwhile wait for it, in order. A transaction begun on the old thread is
 * refused to its end (exchange()'s `inSession`), so none is half committed on the new one.
 */
export async function openEngine(dataDir: string | undefined): Promise<PGliteEngine> {
  const first = await startThread(dataDir);
  // The same parsers PGlite's query() would use: its defaults, ours, and one per array type.
  const parsers: Record<number | string, Parser> = { ...types.parsers, ...ourParsers };
  for (const { oid, typarray } of first.start.arrayTypes) {
    parsers[typarray] = (value) => types.arrayParser(value, parsers[oid] as types.Parser, typarray);
  }

  let worker: Worker | undefined;
  let session = 0;
  let closing = false;
  let stopped: Error | undefined;
  let lastId = 0;
  const pending = new Map<number, Waiter>();
  /** Requests asked while a new thread starts, sent in order once it is open. */
  const backlog: { request: ThreadRequest; transfer: ArrayBuffer[]; waiter: Waiter }[] = [];

  const post = (request: ThreadRequest, transfer: ArrayBuffer[], waiter: Waiter) => {
    if (pending.size === 0) worker!.ref();
    pending.set(request.id, waiter);
    statementSent();
    worker!.postMessage(request, transfer);
  };

  const attach = (thread: Worker) => {
    worker = thread;
    session++;
    thread.on('message', (reply: ThreadReply) => {
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      statementsAnswered();
      // An idle thread does not keep the process alive; one with work does.
      if (pending.size === 0) thread.unref();
      if (reply.error) waiter.reject(threadError(reply.error));
      else waiter.resolve(reply);
    });
    const died = (why: string) => {
      if (worker !== thread) return; // already handled ('error' comes before 'exit')
      worker = undefined;
      const lost = [...pending.values()];
      pending.clear();
      statementsAnswered(lost.length);
      if (closing) {
        stopped = gone(`The database thread stopped (${why})`, '57P01');
      } else if (!dataDir) {
        console.error(`[db] The database thread stopped (${why}); its in-memory database is gone.`);
        stopped = gone(`The database thread stopped (${why})`, '57P02');
      } else {
        console.error(`[db] The database thread stopped (${why}); opening ${dataDir} again in a new thread.`);
        void restart();
      }
      const error = stopped ?? gone(`The database thread stopped (${why})`, '57P02');
      for (const waiter of lost) waiter.reject(error);
    };
    thread.on('error', (error) => died(error.message));
    thread.on('exit', (code) => died(`exit ${code}`));
    thread.unref();
  };

  /** The session a batch asked now runs in (the next one while a new thread opens). */
  const current = () => (worker ? session : session + 1);

  let restarting: Promise<void> | undefined;
  const restart = () =>
    (restarting ??= startThread(dataDir)
      .then(({ worker: thread }) => {
        attach(thread);
        console.error('[db] The database thread is open again.');
        for (const { request, transfer, waiter } of backlog.splice(0)) post(request, transfer, waiter);
      })
      .catch((error: Error) => {
        console.error(`[db] The database thread could not be opened again: ${error.message}`);
        stopped = gone(`The database thread could not be opened again: ${error.message}`, '57P02');
        for (const { waiter } of backlog.splice(0)) waiter.reject(stopped);
      })
      .finally(() => {
        restarting = undefined;
      }));

  attach(first.worker);

  const ask = (request: Request, transfer: ArrayBuffer[] = []): Promise<ThreadReply> => {
    if (stopped) return Promise.reject(stopped);
    const { promise, resolve, reject } = Promise.withResolvers<ThreadReply>();
    const sent = { ...request, id: ++lastId } as ThreadRequest;
    if (worker) post(sent, transfer, { resolve, reject });
    else backlog.push({ request: sent, transfer, waiter: { resolve, reject } });
    return promise;
  };

  return {
    parsers,
    get session() {
      return current();
    },
    exchange(batch, sync, inSession) {
      if (inSession !== undefined && (inSession !== session || !worker) && !stopped)
        return Promise.reject(gone('The transaction was lost with the database thread', '57P02'));
      const answeredBy = current();
      return ask({ kind: 'exchange', batch, sync }, [batch.buffer as ArrayBuffer]).then(({ answer }) => ({
        text: answer!,
        session: answeredBy,
      }));
    },
    async script(work) {
      await ask({ kind: 'script', work });
    },
    async stopThread() {
      await worker?.terminate();
    },
    async close() {
      if (stopped) return;
      closing = true;
      await restarting;
      if (!worker) return;
      const thread = worker;
      await ask({ kind: 'close' });
      await thread.terminate();
    },
  };
}
