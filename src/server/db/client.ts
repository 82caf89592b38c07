// One data-access layer for both engines (docs/architecture.md §4): Kysely over
// PGlite in-process by default, over a PostgreSQL server when DATABASE_URL is
// set, each through its public API. PGlite: a dialect that keeps each
// statement prepared in PGlite's one session (pglite-prepared.ts, decision
// 013: kysely's own PGliteDialect plans every statement anew, at a third of the
// speed); a transaction has the session alone through PGlite's transaction(). A
// data directory's PGlite runs in a worker thread of its own (pglite-thread.ts).
// PostgreSQL: postgres.js, which prepares every statement once per connection,
// keeps its plan and pipelines statements when its connections are busy
// (postgres-dialect.ts, decision 011).
import { availableParallelism } from 'node:os';
import { Kysely } from 'kysely';
import postgres from 'postgres';
import type { Database } from './schema.ts';
import { lockDataDir } from './pglite-lock.ts';
import { openPGliteInstance } from './pglite-open.ts';
import { PreparedPGliteDialect } from './pglite-prepared.ts';
import { openPGliteThread } from './pglite-thread.ts';
import { PostgresPoolDialect } from './postgres-dialect.ts';
import type { DbUsage } from './db-usage.ts';

export type Db = Kysely<Database>;

export interface DbOptions {
  /** postgres://… for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PostgreSQL: the connections of this process (defaultPoolSize() when omitted). */
  poolSize?: number | undefined;
  /** PGlite data directory; omitted = in memory (tests). */
  dataDir?: string | undefined;
  /** Sees every query executed (bench:explain records the queries of the hot calls). */
  log?: ((query: { sql: string; parameters: readonly unknown[] }) => void) | undefined;
}

/** Advisory lock keys of the start-up steps that several API processes may run at once. */
export const advisoryLocks = { migrate: 7_310_001, seed: 7_310_002 } as const;
type AdvisoryLock = (typeof advisoryLocks)[keyof typeof advisoryLocks];

export interface DbHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  description: string;
  /** Runs a multi-statement SQL script and a recording statement in one transaction. */
  runScript(script: string, record: { text: string; params: unknown[] }): Promise<void>;
  /**
   * Runs `work` while no other process runs work under the same lock: a
   * PostgreSQL advisory lock held by a connection of its own (let go if the
   * process dies). PGlite is one process already (its directory is locked).
   */
  exclusive<T>(lock: AdvisoryLock, work: () => Promise<T>): Promise<T>;
  /**
   * Calls onPayload with each NOTIFY on `channel` (delivered when the
   * notifying transaction commits); resolves once the LISTEN is in effect,
   * with the function that stops it. PostgreSQL: on postgres.js' own listening
   * connection, which listens again after it reconnects.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// bigint ids and numeric quantities are read as numbers on both engines: ids
// stay far below 2^53 and quantities have at most 3 decimals.
const INT8 = 20;
const NUMERIC = 1700;
const JSON_OID = 114;
const JSONB = 3802;
const jsonText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

const kyselyLog = (options: DbOptions) => {
  const log = options.log;
  return log ? { log: (event: { query: { sql: string; parameters: readonly unknown[] } }) => log(event.query) } : {};
};

/** The usage counts of each open database (its dialect's), for usageOf(). */
const usages = new WeakMap<Db, { usage: DbUsage; poolSize: number }>();

/** What `db` is doing now: statements and transactions under way, and its connections (PGlite: one session). */
export const usageOf = (db: Db): { usage: DbUsage; poolSize: number } | undefined => usages.get(db);

export async function openDb(options: DbOptions): Promise<DbHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPGlite(options);
}

async function openPGlite(options: DbOptions): Promise<DbHandle> {
  return options.dataDir ? openPGliteInThread(options.dataDir, options) : openPGliteHere(options);
}

/**
 * A shop's data directory: PGlite in a worker thread of its own (pglite-thread.ts), so its
 * WebAssembly runs on the other core beside the HTTP work and the answers from the catalogue
 * cache (decision 013: the cache-on mix answered 4× more calls than in the API's thread).
 */
async function openPGliteInThread(dataDir: string, options: DbOptions): Promise<DbHandle> {
  const unlock = lockDataDir(dataDir);
  let thread: Awaited<ReturnType<typeof openPGliteThread>>;
  try {
    thread = await openPGliteThread(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: thread.dialect, ...kyselyLog(options) });
  usages.set(db, { usage: thread.usage, poolSize: 1 });
  return {
    db,
    engine: 'pglite',
    description: `PGlite in ${dataDir}, in a thread of its own`,
    exclusive: (_lock, work) => work(),
    listen: thread.listen,
    runScript: thread.runScript,
    async close() {
      await db.destroy();
      unlock();
    },
  };
}

/** An in-memory PGlite (the tests) in the caller's thread. */
async function openPGliteHere(options: DbOptions): Promise<DbHandle> {
  const pglite = await openPGliteInstance(undefined);
  const dialect = new PreparedPGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect, ...kyselyLog(options) });
  usages.set(db, { usage: dialect.usage, poolSize: 1 });
  return {
    db,
    engine: 'pglite',
    description: 'PGlite in memory',
    exclusive: (_lock, work) => work(),
    // PGlite's unsubscribe takes an optional transaction: called with none.
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return () => unlisten();
    },
    async runScript(script, record) {
      // PGlite's transaction() holds its one session until the end (migrations run before the shop serves).
      await pglite.transaction(async (tx) => {
        await tx.exec(script);
        await tx.query(record.text, record.params);
      });
    },
    close: () => db.destroy(),
  };
}

/**
 * The pool's size when DATABASE_POOL_SIZE is not set: twice the machine's
 * cores, at least 4 (the rule of thumb of PostgreSQL's wiki is about twice the
 * server's cores). More connections than that only make more server processes
 * take turns on the same cores.
 */
export const defaultPoolSize = () => Math.max(4, 2 * availableParallelism());

function openPostgres(databaseUrl: string, options: DbOptions): DbHandle {
  const poolSize = options.poolSize ?? defaultPoolSize();
  const client = postgres(databaseUrl, {
    max: poolSize,
    // A request waits at most 5 s for a connection: during an outage it gets a 503 (http.ts) instead of hanging.
    connect_timeout: 5,
    // The shop's statements read by key or walk an index: JIT compilation only adds to their time.
    connection: { jit: 'off' },
    types: {
      int8: { to: INT8, from: [INT8], serialize: (v: number) => String(v), parse: Number },
      numeric: { to: NUMERIC, from: [NUMERIC], serialize: (v: number) => String(v), parse: Number },
      // The shop writes JSON as text it made with JSON.stringify, as on PGlite: sent as it is, not encoded again.
      json: { to: JSON_OID, from: [JSON_OID], serialize: jsonText, parse: JSON.parse },
      jsonb: { to: JSONB, from: [JSONB], serialize: jsonText, parse: JSON.parse },
    },
    onnotice: () => {},
  });
  const dialect = new PostgresPoolDialect(client);
  const db = new Kysely<Database>({ dialect, ...kyselyLog(options) });
  usages.set(db, { usage: dialect.usage, poolSize });
  return {
    db,
    engine: 'postgres',
    description: `PostgreSQL at ${new URL(databaseUrl).host}`,
    async exclusive(lock, work) {
      const holder = await client.reserve();
      try {
        await holder`SELECT pg_advisory_lock(${lock})`;
        return await work();
      } finally {
        await holder`SELECT pg_advisory_unlock(${lock})`.catch(() => {});
        holder.release();
      }
    },
    async listen(channel, onPayload) {
      const { unlisten } = await client.listen(channel, onPayload);
      return unlisten;
    },
    async runScript(script, record) {
      await client.begin(async (tx) => {
        // Without parameters postgres.js uses the simple protocol, which takes several statements.
        await tx.unsafe(script);
        await tx.unsafe(record.text, record.params as postgres.ParameterOrJSON<never>[]);
      });
    },
    async close() {
      await db.destroy();
    },
  };
}
