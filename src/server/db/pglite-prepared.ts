// A Kysely dialect for PGlite that keeps prepared statements (docs/architecture.md §4).
// kysely's PGliteDialect goes through PGlite's query(): six calls into
// WebAssembly per statement and an unnamed statement planned anew each time.
// Here a statement's text gets a name the first time, and each run is ONE call
// of PGlite's public execProtocolStream(): [Close + Parse, when not yet
// prepared] + Bind + Describe portal + Execute + Sync, written by PGlite's
// protocol.serialize and answered as messages read by PGlite's own parser.
// Values are read with the instance's parsers by type oid (pglite.parsers: the
// options' parsers, e.g. int8/numeric → Number, and PGlite's array parsers).
//
// Locking. PGlite is one session. Kysely runs one call or one transaction at a
// time (PGliteAdapter: supportsMultipleConnections is false, so Kysely's own
// connection mutex makes every other call of this Kysely wait). execProtocol*
// takes none of PGlite's locks, so each batch runs in pglite.runExclusive()
// (PGlite's query lock: no query()/exec() of PGlite is half-way through its own
// messages). A transaction is PGlite's transaction(): it holds PGlite's
// transaction lock from BEGIN to COMMIT, so no query(), exec() or transaction()
// of PGlite runs inside it; it takes the query lock only for BEGIN and COMMIT,
// so our statements inside it (runExclusive again) cannot deadlock with it.
import { type messages, type PGlite, protocol, types } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  CompiledQuery,
  PGliteAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { DatabaseConnection, Dialect, Driver, Kysely, QueryResult, TransactionSettings } from 'kysely';
import { DbUsage } from './db-usage.ts';

type Param = string | Uint8Array | null;
/** A statement text's name, and whether the session holds it prepared (its Parse succeeded, no error said otherwise since). */
type Statement = { name: string; ready: boolean };
const { serialize } = protocol;
/** Texts that get a name; past this many, statements go unnamed (parsed and planned each time). */
const MAX_NAMES = 2_000;

/** A parameter in text format as PGlite's serializers write it; bytes go as they are (binary format). */
function toParam(value: unknown): Param {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return value;
  // An array literal {"a","b"}, quoted by PGlite; its elements by these same rules.
  if (Array.isArray(value)) return types.arraySerializer(value, (v) => toParam(v) as string, 0);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** An error a fresh Parse cures: the statement is gone, or its table changed shape under a `SELECT *`. */
const stale = (e: messages.DatabaseError) =>
  e.code === '26000' || (e.code === '0A000' && e.message.includes('cached plan must not change result type'));

export class PreparedConnection implements DatabaseConnection {
  readonly #statements = new Map<string, Statement>();
  #transaction: { done: Promise<void>; commit: () => void; rollback: (e: Error) => void } | undefined;
  readonly pglite: PGlite;
  readonly #usage: DbUsage;

  constructor(pglite: PGlite, usage: DbUsage) {
    this.pglite = pglite;
    this.#usage = usage;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.#usage.statements++;
    try {
      return await this.#execute<R>(query);
    } finally {
      this.#usage.statements--;
    }
  }

  async #execute<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    let statement = this.#statements.get(sql);
    if (!statement && this.#statements.size < MAX_NAMES) {
      statement = { name: `k${this.#statements.size}`, ready: false };
      this.#statements.set(sql, statement);
    }
    const values = parameters.map(toParam);
    let answer = await this.#run(sql, statement, values);
    // Outside a transaction (status 'I') a stale statement is prepared again, once. Inside one the error
    // has aborted the transaction: it is thrown, and the statement's next use prepares it again.
    if (answer.error && statement && stale(answer.error) && answer.status === 'I') {
      answer = await this.#run(sql, statement, values);
    }
    if (answer.error) throw answer.error;
    return answer.result as QueryResult<R>;
  }

  async #run(text: string, statement: Statement | undefined, values: Param[]) {
    const name = statement?.name ?? '';
    const batch: Uint8Array[] = [];
    if (!statement?.ready) {
      // Closing a statement the session does not hold is no error.
      if (statement) batch.push(serialize.close({ type: 'S', name }));
      batch.push(serialize.parse({ name, text }));
    }
    batch.push(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }));
    batch.push(serialize.execute(), serialize.sync());
    const pglite = this.pglite;
    // throwOnError: false: every message comes back (the error among them), the session ready again after Sync.
    const options = { syncToFs: !this.#transaction, throwOnError: false };
    const answer = await pglite.runExclusive(() => pglite.execProtocolStream(Buffer.concat(batch), options));

    let fields: messages.Field[] = [];
    let parsers: ((typeof pglite.parsers)[number] | undefined)[] = [];
    const rows: Record<string, unknown>[] = [];
    let tag = '';
    let error: messages.DatabaseError | undefined;
    let status = 'I';
    for (const message of answer) {
      if (message.name === 'dataRow') {
        const texts = (message as messages.DataRowMessage).fields;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < texts.length; i++) {
          const value = texts[i]!;
          const parse = parsers[i];
          // A repeated column name keeps its last value, as in PGlite's and node-postgres' rows.
          row[fields[i]!.name] = value === null || !parse ? value : parse(value, fields[i]!.dataTypeID);
        }
        rows.push(row);
      } else if (message.name === 'rowDescription') {
        fields = (message as messages.RowDescriptionMessage).fields;
        parsers = fields.map((f) => pglite.parsers[f.dataTypeID]);
      } else if (message.name === 'parseComplete' && statement) statement.ready = true;
      else if (message.name === 'commandComplete') tag = (message as messages.CommandCompleteMessage).text;
      else if (message.name === 'error') error ??= message as messages.DatabaseError;
      else if (message.name === 'readyForQuery') status = (message as messages.ReadyForQueryMessage).status;
    }
    if (error && statement && stale(error)) statement.ready = false;
    const changed = /^(INSERT|UPDATE|DELETE|MERGE) /.test(tag);
    const result = { rows, numAffectedRows: changed ? BigInt(tag.slice(tag.lastIndexOf(' ') + 1)) : undefined };
    return { error, status, result };
  }

  streamQuery(): AsyncIterableIterator<never> {
    throw new Error('Streaming is not supported by PGlite: it answers a statement whole.');
  }

  async begin({ isolationLevel, accessMode }: TransactionSettings) {
    await new Promise<void>((begun, failed) => {
      let commit!: () => void;
      let rollback!: (e: Error) => void;
      const closed = new Promise<void>((resolve, reject) => {
        commit = resolve;
        rollback = reject;
      });
      // BEGIN; PGlite's transaction lock held until `closed` settles; then COMMIT, or ROLLBACK if it rejects.
      const done = this.pglite.transaction(async () => {
        this.#transaction = { done, commit, rollback };
        this.#usage.transactions++;
        begun();
        await closed;
      });
      done.catch(failed);
    });
    if (isolationLevel || accessMode) {
      const mode = [isolationLevel && `ISOLATION LEVEL ${isolationLevel}`, accessMode].filter(Boolean).join(' ');
      await this.executeQuery(CompiledQuery.raw(`SET TRANSACTION ${mode}`));
    }
  }

  async end(commit: boolean) {
    const transaction = this.#transaction;
    this.#transaction = undefined;
    if (!transaction) return;
    this.#usage.transactions--;
    if (!commit) {
      transaction.rollback(new Error('rolled back'));
      return transaction.done.catch(() => {});
    }
    transaction.commit();
    // PGlite's TransactionAbortedError (25P02): COMMIT found the transaction failed, and rolled it back.
    await transaction.done.catch((error: { code?: string }) => {
      throw error.code === '25P02' ? new AbortedTransactionError({ cause: error }) : error;
    });
  }
}

/** Kysely over one PGlite instance, prepared statements kept across calls; db.destroy() closes the instance. */
export class PreparedPGliteDialect implements Dialect {
  readonly pglite: PGlite;
  /** Its statements and transactions under way (metrics.ts). */
  readonly usage = new DbUsage();

  constructor(pglite: PGlite) {
    this.pglite = pglite;
  }

  // supportsMultipleConnections: false. Kysely hands out the one connection to one call or transaction at a time.
  createAdapter = () => new PGliteAdapter();
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
  createDriver(): Driver {
    const { pglite } = this;
    const connection = new PreparedConnection(pglite, this.usage);
    return {
      init: async () => pglite.waitReady,
      acquireConnection: async () => connection,
      releaseConnection: async () => {},
      beginTransaction: (_connection, settings) => connection.begin(settings),
      commitTransaction: () => connection.end(true),
      rollbackTransaction: () => connection.end(false),
      destroy: async () => {
        if (!pglite.closed) await pglite.close();
      },
    };
  }
}
