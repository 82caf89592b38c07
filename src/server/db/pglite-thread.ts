// PGlite in a worker thread of its own (pglite-worker.ts), behind a Kysely
// dialect (docs/decisions/013). In the API's thread, PostgreSQL in WebAssembly
// would run between the HTTP parsing, the routes and the JSON of every other
// shopper's call; in a thread of its own it runs on the other core beside
// them: at 20,000 products the one-process shop answered search, product
// details, cart writes and slot strips at about a third of the speed
// in-process (docs/performance.md). Kysely's PGlite adapter lets one call or
// one transaction use the session at a time; the thread answers in order.
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Ask, Reply } from './pglite-worker.ts';

/** PostgreSQL's code for a server that crashed (57P02): the API answers it 503 (http.ts). */
const gone = (why: string) => Object.assign(new Error(`The database thread stopped (${why})`), { code: '57P02' });

export interface PGliteThread {
  dialect: Dialect;
  /** Runs a multi-statement SQL script and a recording statement in one transaction. */
  runScript(script: string, record: { text: string; params: unknown[] }): Promise<void>;
}

/** Starts the database thread and waits until its PGlite is open. */
export async function openPGliteThread(dataDir: string | undefined): Promise<PGliteThread> {
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let stopped: Error | undefined;
  let lastId = 0;
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (start: { ready: boolean; error?: { message: string } }) =>
      start.ready ? resolve() : reject(new Error(start.error?.message ?? 'The database could not be opened')),
    );
    worker.once('error', reject);
  });
  worker.on('message', (reply: Reply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    // An idle thread does not keep the process alive.
    if (pending.size === 0) worker.unref();
    if ('error' in reply)
      waiter.reject(Object.assign(new Error(reply.error.message), reply.error.fields, { name: reply.error.name }));
    else waiter.resolve(reply);
  });
  const died = (why: string) => {
    stopped ??= gone(why);
    for (const waiter of pending.values()) waiter.reject(stopped);
    pending.clear();
  };
  worker.on('error', (error) => died(error.message));
  worker.on('exit', (code) => died(`exit ${code}`));
  worker.unref();

  const ask = (request: Ask): Promise<Reply> => {
    if (stopped) return Promise.reject(stopped);
    const { promise, resolve, reject } = Promise.withResolvers<Reply>();
    const id = ++lastId;
    if (pending.size === 0) worker.ref();
    pending.set(id, { resolve, reject });
    worker.postMessage({ ...request, id });
    return promise;
  };

  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const reply = (await ask({ op: 'query', sql: query.sql, parameters: query.parameters })) as QueryResult<R>;
      return reply.numAffectedRows === undefined
        ? { rows: reply.rows }
        : { rows: reply.rows, numAffectedRows: reply.numAffectedRows };
    },
    streamQuery(): AsyncIterableIterator<never> {
      throw new Error('Streaming is not supported by PGlite: it answers a statement whole.');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    releaseConnection: async () => {},
    beginTransaction: async (_connection, settings: TransactionSettings) => void (await ask({ op: 'begin', settings })),
    commitTransaction: async () => void (await ask({ op: 'commit' })),
    rollbackTransaction: async () => void (await ask({ op: 'rollback' })),
    destroy: async () => {
      if (stopped) return;
      await ask({ op: 'close' });
      await worker.terminate();
    },
  };
  return {
    dialect: {
      // supportsMultipleConnections: false. Kysely hands the one connection to one call or transaction at a time.
      createAdapter: () => new PGliteAdapter(),
      createDriver: () => driver,
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    },
    runScript: async (script, record) => void (await ask({ op: 'script', script, record })),
  };
}
