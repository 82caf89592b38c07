// Kysely over postgres.js, letting postgres.js pipeline (docs/decisions/011).
// A statement outside a transaction goes to postgres.js' pool as it is: the
// pool prepares it once per connection and, when every connection is busy,
// queues it on one of them behind the statements already sent (pipelining). A
// transaction reserves one connection from BEGIN to COMMIT. The kysely-postgres-js
// package reserves a connection for every statement instead, so none is ever
// pipelined: product details and slot strips, a few short reads each, went at
// 0.55× the speed of pipelined connections.
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
import type postgres from 'postgres';
import { DbUsage } from './db-usage.ts';

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PoolConnection implements DatabaseConnection {
  readonly #pool: postgres.Sql;
  readonly #usage: DbUsage;
  /** The connection a transaction holds, from BEGIN to COMMIT or ROLLBACK. */
  #reserved: postgres.ReservedSql | undefined;

  constructor(pool: postgres.Sql, usage: DbUsage) {
    this.#pool = pool;
    this.#usage = usage;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const on = this.#reserved ?? this.#pool;
    this.#usage.statements++;
    let result: postgres.RowList<postgres.Row[]>;
    try {
      result = await on.unsafe(query.sql, query.parameters as postgres.ParameterOrJSON<never>[], { prepare: true });
    } finally {
      this.#usage.statements--;
    }
    const rows = Array.from(result) as R[];
    return COUNTED.has(result.command) ? { numAffectedRows: BigInt(result.count), rows } : { rows };
  }

  // biome-ignore lint/correctness/useYield: the shop reads no cursor; Kysely's interface asks for the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used by the shop.');
  }

  async begin(settings: TransactionSettings): Promise<void> {
    this.#reserved = await this.#pool.reserve();
    this.#usage.transactions++;
    const level = settings.isolationLevel ? ` ISOLATION LEVEL ${settings.isolationLevel.toUpperCase()}` : '';
    await this.#reserved.unsafe(`BEGIN${level}`);
  }

  async end(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
    try {
      await this.#reserved?.unsafe(command);
    } finally {
      this.release();
    }
  }

  release(): void {
    if (this.#reserved) this.#usage.transactions--;
    this.#reserved?.release();
    this.#reserved = undefined;
  }
}

class PoolDriver implements Driver {
  readonly #pool: postgres.Sql;
  readonly #usage: DbUsage;
  constructor(pool: postgres.Sql, usage: DbUsage) {
    this.#pool = pool;
    this.#usage = usage;
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PoolConnection(this.#pool, this.#usage);
  }
  async beginTransaction(connection: PoolConnection, settings: TransactionSettings): Promise<void> {
    await connection.begin(settings);
  }
  async commitTransaction(connection: PoolConnection): Promise<void> {
    await connection.end('COMMIT');
  }
  async rollbackTransaction(connection: PoolConnection): Promise<void> {
    await connection.end('ROLLBACK');
  }
  async releaseConnection(connection: PoolConnection): Promise<void> {
    connection.release();
  }
  async destroy(): Promise<void> {
    await this.#pool.end({ timeout: 5 });
  }
}

/** Kysely's PostgreSQL dialect over a postgres.js pool; `usage` counts its statements and transactions under way. */
export class PostgresPoolDialect implements Dialect {
  readonly #pool: postgres.Sql;
  readonly usage = new DbUsage();
  constructor(pool: postgres.Sql) {
    this.#pool = pool;
  }
  createAdapter = () => new PostgresAdapter();
  createDriver = () => new PoolDriver(this.#pool, this.usage);
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
}
