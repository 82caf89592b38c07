// Kysely over PGlite with one protocol round trip per statement and plans kept
// across calls. PGlite's own query() crosses into WebAssembly six times per
// statement (Parse, Describe, Bind, Describe, Execute, Sync) and plans every
// statement again; on a machine where one in-process PGlite serves every
// shopper, that overhead is most of a short query's cost. Here a statement is
// sent as one batch — Parse (only the first time), Bind, Describe, Execute,
// Sync — under a name, so PostgreSQL keeps its prepared statement and may reuse
// the plan (the same plan cache node-postgres gets with named statements).
// Parameters are sent as text and typed by PostgreSQL from their context, as
// node-postgres sends them on the server engine.
import { type PGlite, protocol } from '@electric-sql/pglite';
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
} from 'kysely';
import { WireCollector } from './pglite-wire.ts';
import { ArrivalGate } from './arrival-order.ts';

/** Distinct statements kept prepared; past it, a new text is planned each time (unnamed). */
const MAX_PREPARED = 2_000;

type Param = string | Uint8Array | null;

/** A JavaScript value as PostgreSQL's text input for a parameter of any type. */
function toParam(value: unknown): Param {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return value;
  if (Array.isArray(value)) return arrayLiteral(value);
  return JSON.stringify(value);
}

function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((item) => {
    if (item === null || item === undefined) return 'NULL';
    if (Array.isArray(item)) return arrayLiteral(item);
    const text = toParam(item);
    const plain = typeof text === 'string' ? text : new TextDecoder().decode(text as Uint8Array);
    return `"${plain.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A statement whose text starts with this comment is run with a generic plan
 * (planned once for any parameters) on PGlite. PostgreSQL picks a custom plan
 * (planned again for every call's values) when its estimates favour it; for the
 * category listing that costs 0.6 ms of planning in WebAssembly on every call,
 * twice the time of running the plan. Natively the planning is a fraction of
 * that, so the PostgreSQL engine ignores the comment.
 */
export const GENERIC_PLAN = '/* generic plan */';

// A cached plan whose tables changed shape (0A000), or a statement the session
// no longer has (26000): prepare the text again.
const STALE_STATEMENT = new Set(['0A000', '26000']);

// Names are unique in the process, so two Kysely instances over one PGlite never collide.
let statementCounter = 0;

interface StatementResult {
  rows: Record<string, unknown>[];
  affectedRows: number | undefined;
}

class StatementRunner {
  readonly #pglite: PGlite;
  readonly #prepared = new Map<string, string>();
  readonly #answer = new WireCollector();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  /** Runs one statement; the caller holds PGlite's query lock. */
  async run(sql: string, parameters: readonly unknown[]): Promise<StatementResult> {
    try {
      return await this.#send(sql, parameters);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !STALE_STATEMENT.has(code) || !this.#prepared.has(sql)) throw error;
      this.#prepared.delete(sql);
      return await this.#send(sql, parameters);
    }
  }

  async #send(sql: string, parameters: readonly unknown[]): Promise<StatementResult> {
    const { serialize } = protocol;
    const known = this.#prepared.get(sql);
    const name = known ?? (this.#prepared.size < MAX_PREPARED ? `k${++statementCounter}` : '');
    const generic = sql.startsWith(GENERIC_PLAN);
    const parts: Uint8Array[] = [];
    // SET is undone by a rollback too, so a failed statement in a transaction cannot leave it set.
    if (generic) parts.push(serialize.query('SET plan_cache_mode = force_generic_plan'));
    if (known === undefined) parts.push(serialize.parse({ name, text: sql, types: [] }));
    parts.push(
      serialize.bind({ statement: name, values: parameters.map(toParam) as never }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    if (generic) parts.push(serialize.query('RESET plan_cache_mode'));
    // The answer's bytes are read here rather than by PGlite's message reader (see pglite-wire.ts).
    this.#answer.reset();
    await this.#pglite.execProtocolRawStream(concat(parts), { syncToFs: false, onRawData: this.#answer.push });
    const { rows, affectedRows, parsed, error } = this.#answer.read(this.#pglite.parsers);
    if (known === undefined && name && parsed) this.#prepared.set(sql, name);
    if (error) throw Object.assign(error, { query: sql, params: parameters });
    return { rows, affectedRows };
  }
}

class PreparedConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  readonly #runner: StatementRunner;
  #inTransaction = false;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#runner = new StatementRunner(pglite);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const pglite = this.#pglite;
    const result = this.#inTransaction
      ? await pglite.runExclusive(() => this.#runner.run(compiled.sql, compiled.parameters))
      : // Outside a transaction, wait for any transaction run on PGlite directly (runScript, imports).
        await pglite._runExclusiveTransaction(() =>
          pglite.runExclusive(() => this.#runner.run(compiled.sql, compiled.parameters)),
        );
    if (!this.#inTransaction) await pglite.syncToFs();
    const affected = result.affectedRows;
    return {
      rows: (result.rows ?? []) as R[],
      ...(affected !== undefined && affected !== null ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite answers whole results; Kysely's stream() is not used here.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }

  #commit: (() => void) | undefined;
  #rollback: ((reason: unknown) => void) | undefined;
  #closed: Promise<void> | undefined;

  /** PGlite's exclusive transaction() is held from BEGIN to COMMIT, so nothing else runs inside it. */
  async begin(): Promise<void> {
    const { promise: decided, resolve: commit, reject: rollback } = Promise.withResolvers<void>();
    const { promise: begun, resolve: hasBegun } = Promise.withResolvers<void>();
    this.#commit = commit;
    this.#rollback = rollback;
    this.#closed = this.#pglite.transaction(async () => {
      this.#inTransaction = true;
      hasBegun();
      await decided;
    });
    // A failed BEGIN rejects #closed before begun resolves.
    await Promise.race([begun, this.#closed]);
  }

  async end(commit: boolean): Promise<void> {
    if (commit) this.#commit?.();
    else this.#rollback?.(new Error('rollback'));
    try {
      await this.#closed;
    } catch (error) {
      if (commit) throw error;
    } finally {
      this.#inTransaction = false;
      this.#commit = undefined;
      this.#rollback = undefined;
      this.#closed = undefined;
    }
  }
}

class PreparedDriver implements Driver {
  readonly #connection: PreparedConnection;
  readonly #pglite: PGlite;
  /** One statement or transaction at a time, in the order the requests arrived (arrival-order.ts). */
  readonly #gate = new ArrivalGate();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PreparedConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#gate.acquire();
    return this.#connection;
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PreparedConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PreparedConnection).end(true);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PreparedConnection).end(false);
  }
  async releaseConnection(): Promise<void> {
    this.#gate.release();
  }
  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

class GatedPGliteAdapter extends PGliteAdapter {
  override get supportsMultipleConnections() {
    return true;
  }
}

/** Kysely's dialect for PGlite, with the statement runner above. */
export class PreparedPGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }
  createAdapter() {
    // One connection, held by one statement or transaction at a time: the driver's
    // gate orders the waiters instead of Kysely's lock.
    return new GatedPGliteAdapter();
  }
  createDriver(): Driver {
    return new PreparedDriver(this.#pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
