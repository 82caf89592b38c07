// One data-access layer for both engines (DESIGN.md §1): PGlite in-process by
// default (in a worker thread of its own, pglite-engine.ts), a real PostgreSQL
// server when DATABASE_URL is set. The PGlite dialect (pglite-dialect.ts) gives
// a Kysely transaction the connection alone from BEGIN to COMMIT, so
// concurrent requests never interleave inside one; on both engines a
// statement is prepared once per connection and its plan reused.
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { type Compilable, Kysely, PostgresDialect, type PostgresPool, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { ArrivalGate } from './arrival-order.ts';
import { statementSent, statementsAnswered } from '../in-flight.ts';
import { GENERIC_PLAN, PreparedPGliteDialect } from './pglite-dialect.ts';
import { openEngine, type PGliteEngine } from './pglite-engine.ts';
import {
  LANE_LOCK_WAIT_MS,
  LOCK_NOT_AVAILABLE,
  type LaneClient,
  Lanes,
  OWN_CONNECTION,
  opensTransaction,
} from './pg-lanes.ts';

export { GENERIC_PLAN } from './pglite-dialect.ts';
export { OWN_CONNECTION } from './pg-lanes.ts';
import { lockDataDir } from './pglite-lock.ts';
import { type KeptShapeQuery, keptShapeQuery } from './pg-row-shapes.ts';

export type Db = Kysely<Database>;

/**
 * The rows of a read of thousands of rows (a page of the catalogue export, a
 * listing's whole order), marked OWN_CONNECTION: on PostgreSQL it takes a
 * connection of the pool rather than a shared lane, where the statements
 * behind it would wait for it (pg-lanes.ts). On PGlite the mark is a comment.
 */
export async function readAlone<R>(db: Db, query: Compilable<R>): Promise<R[]> {
  return (await sql<R>`${sql.raw(OWN_CONNECTION)}${query}`.execute(db)).rows;
}

export interface DbOptions {
  /** postgres://… for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PostgreSQL: the main pool's connections (defaultPoolSize() when omitted). */
  poolSize?: number | undefined;
  /** PostgreSQL: the shared pipelined connections of statements outside a transaction (pg-lanes.ts); one per core when omitted, 0 for none. */
  lanes?: number | undefined;
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
  close(): Promise<void>;
}

// bigint ids and numeric quantities are read as numbers: ids stay far below
// 2^53 and quantities have at most 3 decimals.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let engine: PGliteEngine;
  try {
    engine = await openEngine(options.dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  const gate = new ArrivalGate();
  const db = new Kysely<Database>({ dialect: new PreparedPGliteDialect(engine, gate), ...kyselyLog(options) });
  const where = options.dataDir ? `in ${options.dataDir}` : 'in memory';
  return {
    db,
    engine: 'pglite',
    description: `PGlite ${where}, in a thread of its own`,
    exclusive: (_lock, work) => work(),
    async runScript(script, record) {
      // Nothing else is sent meanwhile (the statements of a call wait at the gate).
      await gate.acquire();
      try {
        await engine.script({ script, record });
      } finally {
        gate.release();
      }
    },
    async close() {
      await db.destroy();
      unlock();
    },
  };
}

const kyselyLog = (options: DbOptions) => {
  const log = options.log;
  return log ? { log: (event: { query: { sql: string; parameters: readonly unknown[] } }) => log(event.query) } : {};
};

// Kysely sends every statement as (text, parameters). Named after their text,
// node-postgres parses a statement once per connection and PostgreSQL may reuse
// its plan; without parameters the simple protocol stays (scripts of several
// statements need it).
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
}
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      return this.#named(text, values) as never;
    }
    return (super.query as (...a: unknown[]) => unknown)(...args) as never;
  }

  async #named(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const name = statementName(text);
    const send = (query: KeptShapeQuery) => super.query(query);
    try {
      return await keptShapeQuery(send, name, text, values);
    } catch (error) {
      // A table changed shape under a prepared `SELECT *` (another process
      // migrated): prepare the statement again on this connection.
      if ((error as { code?: string }).code !== '0A000') throw error;
      // On a shared lane (pg-lanes.ts) another statement may have let it go first.
      await super.query(`DEALLOCATE "${name}"`).catch(() => {});
      delete (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
        .parsedStatements[name];
      return await keptShapeQuery(send, name, text, values);
    }
  }
}

/** How many released clients PlanRoutingPool keeps to hand out again (more than statements ever in flight at once). */
const MAX_RELEASED = 256;

/**
 * The pool Kysely is given on PostgreSQL: two pools and two sets of lanes
 * behind one. A statement outside a transaction goes down a lane
 * (pg-lanes.ts), unless marked OWN_CONNECTION (a read of thousands of rows).
 * A statement marked GENERIC_PLAN (a ranked search) runs in a session that
 * plans generically — its own lanes, or the pool beside the usual one:
 * planned once per connection instead of on every call, where planning took
 * 0.3 ms, longer than running the plan (0.19 ms, `npm run bench:explain`).
 * Every other statement keeps PostgreSQL's choice between a custom and a
 * generic plan. A connection of a pool is taken when its first statement
 * comes, so a transaction (BEGIN first) stays on the usual pool.
 */
class PlanRoutingPool {
  readonly Client = PreparingClient;
  readonly options: object;
  readonly usual: pg.Pool;
  readonly generic: pg.Pool;
  readonly lanes: Lanes | undefined;
  readonly genericLanes: Lanes | undefined;
  constructor(usual: pg.Pool, generic: pg.Pool, lanes?: { usual: Lanes; generic: Lanes }) {
    this.usual = usual;
    this.generic = generic;
    this.lanes = lanes?.usual;
    this.genericLanes = lanes?.generic;
    this.options = usual.options;
  }
  /**
   * Released clients, handed out again: Kysely keeps a connection object per client (in a WeakMap),
   * and a new client for each statement made a new one and a new WeakMap entry every time.
   */
  readonly #released: RoutedClient[] = [];
  async connect(): Promise<RoutedClient> {
    return this.#released.pop()?.reused() ?? new RoutedClient(this);
  }
  /** A client released without its connection destroyed, to be handed out again. */
  released(client: RoutedClient): void {
    if (this.#released.length < MAX_RELEASED) this.#released.push(client);
  }
  async end(): Promise<void> {
    await Promise.all([this.usual.end(), this.generic.end(), this.lanes?.end(), this.genericLanes?.end()]);
  }
}

/**
 * A connection of PlanRoutingPool: the real one is taken by its first
 * statement, unless that statement goes down a lane.
 */
class RoutedClient {
  #client: Promise<pg.PoolClient> | undefined;
  readonly #pools: PlanRoutingPool;
  /** Released and not handed out again yet: a second release does nothing. */
  #free = false;
  constructor(pools: PlanRoutingPool) {
    this.#pools = pools;
  }
  reused(): this {
    this.#free = false;
    return this;
  }
  async query(text: string, values: readonly unknown[]): Promise<pg.QueryResult> {
    statementSent();
    try {
      return await this.#query(text, values);
    } finally {
      statementsAnswered();
    }
  }
  async #query(text: string, values: readonly unknown[]): Promise<pg.QueryResult> {
    const lanes = text.startsWith(GENERIC_PLAN) ? this.#pools.genericLanes : this.#pools.lanes;
    if (!this.#client && lanes && !opensTransaction(text) && !text.startsWith(OWN_CONNECTION)) {
      try {
        return await lanes.query(text, values as unknown[]);
      } catch (error) {
        // It waited too long for a lock on a shared lane, and did nothing: it runs again below, on a connection of its own.
        if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw error;
      }
    }
    if (!this.#client) {
      this.#client = (text.startsWith(GENERIC_PLAN) ? this.#pools.generic : this.#pools.usual).connect();
      // A failed connect is answered by this query; release() must not see it unhandled.
      this.#client.catch(() => {});
    }
    return (await this.#client).query(text, values as unknown[]);
  }
  release(destroy?: boolean): void {
    if (this.#free) return;
    this.#free = true;
    const client = this.#client;
    this.#client = undefined;
    void client?.then(
      (c) => c.release(destroy),
      () => {},
    );
    // Kysely's connection object for a destroyed client stays marked as discarded: that client is not handed out again.
    if (!destroy) this.#pools.released(this);
  }
}

/**
 * The main pool's size when DATABASE_POOL_SIZE is not set: twice the machine's cores, at least 4
 * (the rule of thumb of PostgreSQL's wiki is about twice the server's cores). More connections
 * than that only make more server processes take turns on the same cores: on 2 cores, cart
 * writes went 1,600 → 1,900–2,070 a second from 10 connections to 4 (docs/performance.md,
 * nineteenth sitting). A request that finds them all busy waits in the pool, in order.
 */
export const defaultPoolSize = () => Math.max(4, 2 * availableParallelism());

function openPostgres(databaseUrl: string, options: DbOptions): DbHandle {
  // A request waits at most 5 s for a connection: during an outage it gets a
  // 503 (http.ts) instead of hanging.
  // Without JIT compilation: the shop's statements read by key or walk an index, and the one
  // over the whole catalogue (a store's listing order, once per catalogue version and day)
  // spent 13 of its 56 ms compiling (docs/performance.md, eighteenth sitting).
  const settings = {
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5_000,
    Client: PreparingClient,
    options: '-c jit=off',
  };
  const pool = new pg.Pool({ ...settings, max: options.poolSize ?? defaultPoolSize() });
  // Ranked searches that do not go down a lane: a smaller pool of sessions that plan generically.
  const listings = new pg.Pool({
    ...settings,
    max: 5,
    options: `${settings.options} -c plan_cache_mode=force_generic_plan`,
  });
  // A connection closed by the server (restart, crash, failover, a dropped
  // database) must not crash the process, idle or in use: the failing query
  // answers an error, and the pool opens a new connection on next use.
  for (const p of [pool, listings]) {
    p.on('error', (error) => console.warn(`[db] idle connection lost: ${error.message}`));
    p.on('connect', (client) => client.on('error', (error) => console.warn(`[db] connection lost: ${error.message}`)));
  }
  // Statements outside a transaction: one pipelined connection per core (pg-lanes.ts), whose
  // sessions wait a short while for a lock; ranked searches have as many of their own, which
  // plan generically as the listings' pool does.
  const laneCount = options.lanes ?? availableParallelism();
  const lanesWith = (options: string) =>
    new Lanes(
      laneCount,
      () =>
        new PreparingClient({
          ...settings,
          pipeline: true,
          options: `${options} -c lock_timeout=${LANE_LOCK_WAIT_MS}`,
        } as pg.ClientConfig) as unknown as LaneClient,
    );
  const lanes =
    laneCount > 0
      ? {
          usual: lanesWith(settings.options),
          generic: lanesWith(`${settings.options} -c plan_cache_mode=force_generic_plan`),
        }
      : undefined;
  const db = new Kysely<Database>({
    // Kysely's pool type also allows cursors, which the shop does not use.
    dialect: new PostgresDialect({ pool: new PlanRoutingPool(pool, listings, lanes) as unknown as PostgresPool }),
    ...kyselyLog(options),
  });
  return {
    db,
    engine: 'postgres',
    description: `PostgreSQL at ${new URL(databaseUrl).host}`,
    async exclusive(lock, work) {
      const holder = await pool.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [lock]);
        return await work();
      } finally {
        await holder.query('SELECT pg_advisory_unlock($1)', [lock]).catch(() => {});
        holder.release();
      }
    },
    async runScript(script, record) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        await client.query(record.text, record.params);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}
