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
import { protocol } from '@electric-sql/pglite';
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
import type { ArrivalGate } from './arrival-order.ts';
import type { Answer, PGliteEngine } from './pglite-engine.ts';
import { AnswerBytes, bindAndRun, readMessages, type WireParam } from './pglite-wire.ts';

/** Distinct statements kept prepared; past it, a new text is planned each time (unnamed). */
const MAX_PREPARED = 2_000;

/** A JavaScript value as PostgreSQL's text input for a parameter of any type. */
function toParam(value: unknown): WireParam {
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

/** The parts in one new buffer of its own: the batch is transferred to the database thread. */
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
 * (planned once for any parameters). PostgreSQL picks a custom plan (planned
 * again for every call's values) when its estimates favour it; for a page of
 * a listing that cost 0.6 ms of planning in WebAssembly on every call,
 * twice the time of running the plan, and 0.3 ms natively, more than running
 * it. PGlite switches its session's mode (PlanMode); on PostgreSQL such a
 * statement goes to a pool of sessions that plan generically (client.ts).
 */
export const GENERIC_PLAN = '/* generic plan */';

// A cached plan whose tables changed shape (0A000), or a statement the session
// no longer has (26000): prepare the text again.
const STALE_STATEMENT = new Set(['0A000', '26000']);

// Names are unique in the process, so two Kysely instances over one PGlite never collide.
let statementCounter = 0;

/** How a statement is sent: in its turn at the gate (outside a transaction), or by a transaction's holder. */
interface Via {
  gate?: ArrivalGate | undefined;
  /** In a transaction after its first statement: the session its BEGIN ran in. */
  session?: number | undefined;
  /** The transaction's first statement: BEGIN goes in the same batch, before it. */
  begin?: boolean | undefined;
}

interface StatementResult {
  rows: Record<string, unknown>[];
  affectedRows: number | undefined;
  /** The session that answered. */
  session: number;
}

/**
 * The session's plan_cache_mode, switched only when a statement wants the
 * other one: a run of ranked searches (generic plans) then sends no SET at
 * all, where a SET and a RESET around each listing cost two more statements in
 * WebAssembly. Outside a transaction the SET stays with the session; inside one
 * it is SET LOCAL and set back after the statement, so a rollback or an error
 * cannot leave the session in a mode other than the one recorded here.
 */
export class PlanMode {
  /** Generic plans forced, as of the last batch handed over, in `session`. */
  #generic = false;
  #session = -1;

  switchTo(generic: boolean, session: number, inTransaction: boolean): { before: string; after?: string } | null {
    if (session !== this.#session) {
      // A new database thread starts with the default mode.
      this.#session = session;
      this.#generic = false;
    }
    if (generic === this.#generic) return null;
    const mode = (g: boolean) => (g ? 'force_generic_plan' : 'auto');
    if (inTransaction) {
      return {
        before: `SET LOCAL plan_cache_mode = ${mode(generic)}`,
        after: `SET LOCAL plan_cache_mode = ${mode(this.#generic)}`,
      };
    }
    this.#generic = generic;
    return { before: `SET plan_cache_mode = ${mode(generic)}` };
  }
}

class StatementRunner {
  readonly #engine: PGliteEngine;
  readonly #prepared = new Map<string, string>();
  /** Where each answer's bytes are read (read at once, before the next answer: see AnswerBytes). */
  readonly #answerBytes = new AnswerBytes();
  /** The session the statements in #prepared were prepared in (a new thread has none). */
  #preparedIn = 0;
  readonly #planMode = new PlanMode();

  constructor(engine: PGliteEngine) {
    this.#engine = engine;
  }

  /**
   * Runs one statement. Outside a transaction it waits for its turn at `gate`
   * (and its changes are written to the data directory at once); inside one
   * (no gate) the caller has the connection alone, and `begin` opens the
   * transaction in the same batch.
   */
  async run(sql: string, parameters: readonly unknown[], via: Via): Promise<StatementResult> {
    try {
      return await this.#send(sql, parameters, via);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !STALE_STATEMENT.has(code) || !this.#prepared.has(sql)) throw error;
      this.#prepared.delete(sql);
      // BEGIN went with the first try: a stale statement fails inside the transaction, which is then aborted.
      return await this.#send(sql, parameters, { ...via, begin: false });
    }
  }

  /**
   * Ends a transaction: sends COMMIT or ROLLBACK, calls `sent` once it has been
   * handed over (what is sent after it runs after it), then waits for its answer.
   */
  async end(sql: 'COMMIT' | 'ROLLBACK', session: number, sent: () => void): Promise<void> {
    // Handed over while #exchange is called (no gate: nothing is awaited before).
    const answer = this.#exchange(() => concat([protocol.serialize.query(sql)]), { session }, true);
    sent();
    const { error } = await answer;
    if (error) throw Object.assign(error, { query: sql, params: [] });
  }

  /** `batch` is made when it is handed over, in the order the batches reach the database. */
  async #exchange(batch: () => Uint8Array, via: Via, sync = false) {
    let answer: Promise<Answer>;
    const gate = via.gate;
    if (gate) {
      await gate.pass();
      // Handed over before anything else can be sent: the gate may let the next one through.
      answer = this.#engine.exchange(batch(), true);
      gate.sent();
    } else {
      answer = this.#engine.exchange(batch(), sync, via.session);
    }
    // The answer's bytes are read here rather than by PGlite's message reader (see pglite-wire.ts).
    const { text, session } = await answer;
    const bytes = this.#answerBytes.bytes(text);
    return { ...readMessages(bytes, bytes.length, this.#engine.parsers), session };
  }

  async #send(sql: string, parameters: readonly unknown[], via: Via): Promise<StatementResult> {
    const { serialize } = protocol;
    if (this.#engine.session !== this.#preparedIn) {
      this.#prepared.clear();
      this.#preparedIn = this.#engine.session;
    }
    const known = this.#prepared.get(sql);
    const name = known ?? (this.#prepared.size < MAX_PREPARED ? `k${++statementCounter}` : '');
    const generic = sql.startsWith(GENERIC_PLAN);
    const run = bindAndRun(name, parameters.map(toParam));
    const batch = () => {
      const parts: Uint8Array[] = [];
      if (via.begin) parts.push(serialize.query('BEGIN'));
      const inTransaction = via.begin || via.session !== undefined;
      const switchTo = this.#planMode.switchTo(generic, this.#engine.session, inTransaction);
      if (switchTo) parts.push(serialize.query(switchTo.before));
      if (known === undefined) parts.push(serialize.parse({ name, text: sql, types: [] }));
      // Most statements go alone, in the buffer bindAndRun made for them.
      if (parts.length === 0 && !switchTo?.after) return run;
      parts.push(run);
      if (switchTo?.after) parts.push(serialize.query(switchTo.after));
      return concat(parts);
    };
    const { rows, affectedRows, parsed, error, session } = await this.#exchange(batch, via);
    if (known === undefined && name && parsed) this.#prepared.set(sql, name);
    if (error) throw Object.assign(error, { query: sql, params: parameters, session });
    return { rows, affectedRows, session };
  }
}

/**
 * What Kysely holds for one query or one transaction. A query outside a
 * transaction is sent in its turn without holding anything; a transaction has
 * PGlite's one session alone from BEGIN to COMMIT or ROLLBACK.
 */
class PipelinedConnection implements DatabaseConnection {
  readonly #runner: StatementRunner;
  readonly #gate: ArrivalGate;
  /** In a transaction: whether BEGIN has been sent (it goes with the first statement). */
  #transaction: 'none' | 'opening' | 'open' = 'none';
  /** The session the transaction's BEGIN ran in; its later statements must run there too. */
  #session: number | undefined;

  constructor(runner: StatementRunner, gate: ArrivalGate) {
    this.#runner = runner;
    this.#gate = gate;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    let via: Via;
    const first = this.#transaction === 'opening';
    if (this.#transaction === 'none') via = { gate: this.#gate };
    else {
      via = first ? { begin: true } : { session: this.#session };
      this.#transaction = 'open';
    }
    let result: StatementResult;
    try {
      result = await this.#runner.run(compiled.sql, compiled.parameters, via);
    } catch (error) {
      // A first statement that failed in the database still opened the transaction there;
      // one refused because the thread was gone opened nothing.
      if (first) this.#session = (error as { session?: number }).session ?? -1;
      throw error;
    }
    if (first) this.#session = result.session;
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

  /** Waits for the connection alone; BEGIN is sent with the transaction's first statement. */
  async begin(): Promise<void> {
    await this.#gate.acquire();
    this.#transaction = 'opening';
    this.#session = undefined;
  }

  /** COMMIT or ROLLBACK; the connection passes on as soon as it has been sent. */
  async end(commit: boolean): Promise<void> {
    const sent = this.#transaction === 'open';
    this.#transaction = 'none';
    if (!sent) {
      this.#gate.release(); // nothing was sent: nothing to end
      return;
    }
    try {
      await this.#runner.end(commit ? 'COMMIT' : 'ROLLBACK', this.#session ?? -1, () => this.#gate.release());
    } catch (error) {
      // A transaction lost with its thread has nothing left to roll back.
      if (commit || (error as { code?: string }).code !== '57P02') throw error;
    }
  }
}

class PipelinedDriver implements Driver {
  readonly #engine: PGliteEngine;
  readonly #runner: StatementRunner;
  /** Statements and transactions in the order the requests arrived (arrival-order.ts). */
  readonly #gate: ArrivalGate;

  constructor(engine: PGliteEngine, gate: ArrivalGate) {
    this.#engine = engine;
    this.#gate = gate;
    this.#runner = new StatementRunner(engine);
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PipelinedConnection(this.#runner, this.#gate);
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).begin();
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).end(true);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PipelinedConnection).end(false);
  }
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {
    await this.#engine.close();
  }
}

class GatedPGliteAdapter extends PGliteAdapter {
  override get supportsMultipleConnections() {
    return true;
  }
}

/** Kysely's dialect for PGlite, with the statement runner above. */
export class PreparedPGliteDialect implements Dialect {
  readonly #engine: PGliteEngine;
  readonly #gate: ArrivalGate;

  constructor(engine: PGliteEngine, gate: ArrivalGate) {
    this.#engine = engine;
    this.#gate = gate;
  }
  createAdapter() {
    // One session, shared by pipelined statements or held by one transaction: the
    // driver's gate orders the waiters instead of Kysely's lock.
    return new GatedPGliteAdapter();
  }
  createDriver(): Driver {
    return new PipelinedDriver(this.#engine, this.#gate);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
