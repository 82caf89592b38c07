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
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { DbUsage } from './db-usage.ts';
import type { Ask, Notification, Reply } from './pglite-worker.ts';

/** PostgreSQL's code for a server that crashed (57P02): the API answers it 503 (http.ts). */
const gone = (why: string) => Object.assign(new Error(`The database thread stopped (${why})`), { code: '57P02' });

export interface PGliteThread {
  dialect: Dialect;
  /** Runs a multi-statement SQL script and a recording statement in one transaction. */
  runScript(script: string, record: { text: string; params: unknown[] }): Promise<void>;
  /** Calls onPayload with each NOTIFY on `channel` (one listener per channel); resolves once the LISTEN is in effect. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** Its statements and transactions under way (metrics.ts). */
  usage: DbUsage;
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
  const listeners = new Map<string, (payload: string) => void>();
  worker.on('message', (reply: Reply | Notification) => {
    if ('notify' in reply) {
      listeners.get(reply.notify)?.(reply.payload);
      return;
    }
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

  const ask = (conn: number, request: Ask): Promise<Reply> => {
    if (stopped) return Promise.reject(stopped);
    const { promise, resolve, reject } = Promise.withResolvers<Reply>();
    const id = ++lastId;
    if (pending.size === 0) worker.ref();
    pending.set(id, { resolve, reject });
    worker.postMessage({ ...request, id, conn });
    return promise;
  };

  const usage = new DbUsage();
  // A connection per call or transaction, all on the thread's one session: a statement is
  // sent at once, without waiting for other calls' answers (the thread runs them in order),
  // and a transaction's statements run with nobody else's in between (pglite-worker.ts).
  let lastConnection = 0;
  const connectionOf = (conn: number): DatabaseConnection => ({
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      usage.statements++;
      const reply = (await ask(conn, { op: 'query', sql: query.sql, parameters: query.parameters }).finally(() => {
        usage.statements--;
      })) as QueryResult<R>;
      return reply.numAffectedRows === undefined
        ? { rows: reply.rows }
        : { rows: reply.rows, numAffectedRows: reply.numAffectedRows };
    },
    streamQuery(): AsyncIterableIterator<never> {
      throw new Error('Streaming is not supported by PGlite: it answers a statement whole.');
    },
  });
  const idOf = new WeakMap<DatabaseConnection, number>();
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => {
      const conn = ++lastConnection;
      const connection = connectionOf(conn);
      idOf.set(connection, conn);
      return connection;
    },
    releaseConnection: async () => {},
    beginTransaction: async (connection, settings: TransactionSettings) => {
      await ask(idOf.get(connection)!, { op: 'begin', settings });
      usage.transactions++;
    },
    commitTransaction: async (connection) => {
      usage.transactions--;
      await ask(idOf.get(connection)!, { op: 'commit' });
    },
    rollbackTransaction: async (connection) => {
      usage.transactions--;
      await ask(idOf.get(connection)!, { op: 'rollback' });
    },
    destroy: async () => {
      if (stopped) return;
      await ask(0, { op: 'close' });
      await worker.terminate();
    },
  };
  return {
    dialect: {
      // PostgreSQL's adapter (supportsMultipleConnections): Kysely lets calls send statements side by side.
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createQueryCompiler: () => new PostgresQueryCompiler(),
      createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    },
    runScript: async (script, record) => void (await ask(0, { op: 'script', script, record })),
    async listen(channel, onPayload) {
      listeners.set(channel, onPayload);
      await ask(0, { op: 'listen', channel });
      // A listener alone keeps no process alive: the thread is unref'd while no call waits.
      return async () => {
        listeners.delete(channel);
        if (!stopped) await ask(0, { op: 'unlisten', channel });
      };
    },
    usage,
  };
}
