// PostgreSQL: rows of a prepared statement built the same way every time.
// node-postgres reads each result's row description anew and builds each row
// by copying a template object and storing every column under its name, read
// from that description: every statement's names are new strings, which V8
// looks up in its string table at each store, and the rows of every statement
// go through the same few megamorphic stores. A prepared statement's row
// description is the same on every run, so its shape is made once: the names,
// each column's type parser, and a function that makes a row as one object
// literal (one hidden class per statement, names as constants). The shape is
// made again when a description differs from the one kept (another process
// migrated a table under a `SELECT *`). Rows are the same objects, with the
// same values, as node-postgres makes (pg-row-shapes.test.ts).
import pg from 'pg';

interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: string | undefined;
}
type Parser = (value: string) => unknown;
type RowMaker = (values: readonly (string | null)[]) => Record<string, unknown>;

/** What a result of node-postgres keeps of its row description (pg/lib/result.js). */
interface ResultInternals {
  fields: FieldDescription[];
  _parsers: Parser[] | undefined;
  _types: { getTypeParser(oid: number, format: string): Parser } | undefined;
  rows: unknown[];
}

interface Shape {
  fields: FieldDescription[];
  parsers: Parser[];
  makeRow: RowMaker;
}

/** Whether `description` is the one the shape was made from: the same names and types, in order. */
function sameFields(kept: readonly FieldDescription[], description: readonly FieldDescription[]): boolean {
  if (kept.length !== description.length) return false;
  for (let i = 0; i < kept.length; i++) {
    const a = kept[i]!;
    const b = description[i]!;
    if (a.name !== b.name || a.dataTypeID !== b.dataTypeID || a.format !== b.format) return false;
  }
  return true;
}

/**
 * A row as one object literal: `{"name": values[0] === null ? null : parsers[0](values[0]), …}`.
 * A name repeated keeps its first place and its last value, as node-postgres's rows do.
 * Null for what a literal cannot say the same way: a column named `__proto__`, a binary column.
 */
function rowMakerOf(fields: readonly FieldDescription[], parsers: readonly Parser[]): RowMaker | null {
  if (fields.some((f) => f.name === '__proto__' || (f.format ?? 'text') !== 'text')) return null;
  const body = fields
    .map((f, i) => `${JSON.stringify(f.name)}: v[${i}] === null ? null : p[${i}](v[${i}])`)
    .join(',\n');
  // The names are written as JSON string literals: the function's text holds nothing else of theirs.
  return new Function('p', `return function makeRow(v) { return {\n${body}\n}; };`)(parsers) as RowMaker;
}

/** The shapes of the prepared statements, by name (a name is its text's hash: client.ts). */
const shapes = new Map<string, Shape>();
/** A ceiling on the kept shapes, as for the statements' names (client.ts). */
const MAX_SHAPES = 10_000;

function shapeOf(name: string, description: FieldDescription[], result: ResultInternals): Shape | null {
  const kept = shapes.get(name);
  if (kept && sameFields(kept.fields, description)) return kept;
  const parsers = description.map((f) =>
    (result._types ?? pg.types).getTypeParser(f.dataTypeID, (f.format ?? 'text') as 'text'),
  ) as Parser[];
  const makeRow = rowMakerOf(description, parsers);
  if (!makeRow) return null;
  const shape = { fields: description, parsers, makeRow };
  if (kept || shapes.size < MAX_SHAPES) shapes.set(name, shape);
  return shape;
}

/**
 * A named statement's query whose rows are made from its statement's kept shape.
 * Anything the shape does not cover (a binary column, no name) goes to node-postgres's own way.
 */
export class KeptShapeQuery extends pg.Query {
  #makeRow: RowMaker | null = null;

  handleRowDescription(msg: { fields: FieldDescription[] }): void {
    const self = this as unknown as PgQueryInternals;
    const shape = self.name ? shapeOf(self.name, msg.fields, self._result) : null;
    if (!shape) {
      this.#makeRow = null;
      ownHandlers.handleRowDescription.call(this, msg);
      return;
    }
    self._checkForMultirow();
    const result = self._result;
    result.fields = shape.fields;
    result._parsers = shape.parsers;
    this.#makeRow = shape.makeRow;
    self._accumulateRows = !!self.callback || !this.listeners('row').length;
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    const makeRow = this.#makeRow;
    const self = this as unknown as PgQueryInternals;
    if (!makeRow) {
      ownHandlers.handleDataRow.call(this, msg);
      return;
    }
    if (self._canceledDueToError) return;
    let row: Record<string, unknown>;
    try {
      row = makeRow(msg.fields);
    } catch (error) {
      self._canceledDueToError = error;
      return;
    }
    this.emit('row', row, self._result);
    if (self._accumulateRows) self._result.rows.push(row);
  }
}

/** What node-postgres's Query keeps (pg/lib/query.js), and its own handlers. */
interface PgQueryInternals {
  name: string | undefined;
  callback: unknown;
  _result: ResultInternals;
  _accumulateRows: boolean;
  _canceledDueToError: unknown;
  _checkForMultirow(): void;
}

/** node-postgres's own handlers, for what a kept shape does not cover. */
const ownHandlers = pg.Query.prototype as unknown as {
  handleRowDescription(this: unknown, msg: { fields: FieldDescription[] }): void;
  handleDataRow(this: unknown, msg: { fields: (string | null)[] }): void;
};

/** A named statement sent (`send`: a client's query) with its rows made from the kept shape: the same answer as `client.query({ name, text, values })`. */
export function keptShapeQuery(
  send: (query: KeptShapeQuery) => unknown,
  name: string,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    send(
      new KeptShapeQuery({ name, text, values }, ((error: Error | undefined, result: pg.QueryResult) => {
        if (error) reject(error);
        else resolve(result);
      }) as never),
    );
  });
}
