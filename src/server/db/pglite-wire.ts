// Reads PostgreSQL's backend messages (the wire protocol's answers) into rows,
// for the PGlite dialect. PGlite's own reader copies every field into a new
// ArrayBuffer before decoding it (about 0.5 µs a field; a listing answer has
// some 500), which was the largest single cost of a catalogue read on the
// embedded engine. This one decodes each field in place, and types the values
// with PGlite's own parsers, so the rows are the same as PGlite's query() gives.
import { messages } from '@electric-sql/pglite';

export type Parser = (text: string, typeId: number) => unknown;

export interface WireResult {
  rows: Record<string, unknown>[];
  /** Rows an INSERT, UPDATE, DELETE, MERGE or COPY touched (undefined for others). */
  affectedRows: number | undefined;
  /** The server answered ParseComplete: the named statement now exists. */
  parsed: boolean;
  error: messages.DatabaseError | undefined;
}

/** Collects the chunks PGlite hands out while it runs a batch (its buffer is reused, so they are copied). */
export class WireCollector {
  #bytes = new Uint8Array(64 * 1024);
  #length = 0;

  reset(): void {
    this.#length = 0;
  }

  readonly push = (chunk: Uint8Array): void => {
    const needed = this.#length + chunk.length;
    if (needed > this.#bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.#bytes.length * 2));
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
    this.#bytes.set(chunk, this.#length);
    this.#length = needed;
  };

  /** The answer's bytes, one character a byte (to hand to another thread: see AnswerBytes). */
  take(): string {
    return Buffer.from(this.#bytes.buffer, 0, this.#length).toString('latin1');
  }
}

/**
 * An answer's bytes back from the characters of WireCollector.take(), in a
 * buffer reused from one answer to the next. The answers cross between the
 * threads as strings, not as a new transferred buffer each: under listing load
 * the server's thread then ran about half as many full collections (5–7
 * instead of 10–18 per 10 s, docs/performance.md). Read the bytes before the
 * next call of bytes(): they are overwritten then.
 */
export class AnswerBytes {
  #buffer = Buffer.allocUnsafeSlow(256 * 1024);

  bytes(answer: string): Uint8Array {
    // A large answer (a catalogue export) gets a buffer of its own, so the reused one stays small.
    const into = answer.length <= this.#buffer.length ? this.#buffer : Buffer.allocUnsafe(answer.length);
    return into.subarray(0, into.write(answer, 0, 'latin1'));
  }
}

const ERROR_FIELDS: Record<string, keyof messages.DatabaseError> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/**
 * Decodes bytes [start, end) as UTF-8 without copying them. Short ASCII values
 * were once put together character by character, which made a new string for
 * every character: the largest part of what a catalogue call allocated
 * (docs/performance.md, twenty-fourth sitting).
 */
const text = (buffer: Buffer, start: number, end: number): string => buffer.toString('utf8', start, end);

type RowMaker = (values: unknown[]) => Record<string, unknown>;
const rowMakers = new Map<string, RowMaker>();

/**
 * A function that makes a row of these columns from its values in one object
 * literal, made once per column list: some 2.5 times faster than adding the
 * columns one by one (each added key changes the object's shape), which was
 * the largest cost of reading a cart's 40 rows of 50 columns. The column names
 * are written as JSON strings; a list with a name that would set the object's
 * prototype is made the slow way.
 */
function rowMaker(names: string[]): RowMaker {
  const key = names.join('\0');
  let make = rowMakers.get(key);
  if (make) return make;
  if (names.includes('__proto__')) {
    make = (values) => {
      const row: Record<string, unknown> = {};
      for (const [i, name] of names.entries())
        Object.defineProperty(row, name, { value: values[i], enumerable: true, writable: true, configurable: true });
      return row;
    };
  } else {
    // The text is made of JSON strings and indices only: no column name can be read as code.
    make = new Function(
      'v',
      `return {${names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ')}};`,
    ) as RowMaker;
  }
  // The statements' column lists are few; a bound keeps an unusual caller from growing the map without end.
  if (rowMakers.size >= 2000) rowMakers.clear();
  rowMakers.set(key, make);
  return make;
}

/**
 * Row descriptions as last read, by their message's size: the bytes, and the
 * column types and row maker made of them. A statement's description comes
 * back byte for byte the same each time it runs; decoding its column names
 * (and joining them to find the row maker) on every run made a fifth of what a
 * product detail allocated.
 */
const descriptions = new Map<number, { bytes: Buffer; types: number[]; makeRow: RowMaker }>();

export function readMessages(bytes: Uint8Array, length: number, parsers: Record<number | string, Parser>): WireResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, length);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, length);
  const rows: Record<string, unknown>[] = [];
  let types: number[] = [];
  let makeRow: RowMaker = () => ({});
  let affectedRows: number | undefined;
  let parsed = false;
  let error: messages.DatabaseError | undefined;
  const cstring = (at: number): [string, number] => {
    const end = bytes.indexOf(0, at);
    return [text(buffer, at, end), end + 1];
  };
  let at = 0;
  while (at + 5 <= length) {
    const code = bytes[at]!;
    const size = view.getInt32(at + 1);
    const body = at + 5;
    const next = at + 1 + size;
    switch (code) {
      case 0x31: // '1' ParseComplete
        parsed = true;
        break;
      case 0x54: {
        // 'T' RowDescription: a statement's is the same every time it runs, and read once.
        const known = descriptions.get(size);
        if (known && known.bytes.compare(buffer, body, next) === 0) {
          types = known.types;
          makeRow = known.makeRow;
          break;
        }
        const count = view.getInt16(body);
        const names: string[] = new Array(count);
        types = new Array(count);
        let p = body + 2;
        for (let i = 0; i < count; i++) {
          const [name, after] = cstring(p);
          names[i] = name;
          types[i] = view.getInt32(after + 6);
          p = after + 18;
        }
        makeRow = rowMaker(names);
        if (descriptions.size >= 2000) descriptions.clear();
        descriptions.set(size, { bytes: Buffer.copyBytesFrom(bytes, body, next - body), types, makeRow });
        break;
      }
      case 0x44: {
        // 'D' DataRow
        const count = view.getInt16(body);
        const values: unknown[] = new Array(count);
        let p = body + 2;
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(p);
          p += 4;
          if (size < 0) {
            values[i] = null;
            continue;
          }
          const type = types[i]!;
          const value = text(buffer, p, p + size);
          const parse = parsers[type];
          values[i] = parse ? parse(value, type) : value;
          p += size;
        }
        rows.push(makeRow(values));
        break;
      }
      case 0x43: {
        // 'C' CommandComplete: "UPDATE 3", "INSERT 0 5", "SELECT 20"…
        const [tag] = cstring(body);
        const command = tag.slice(0, tag.indexOf(' ') >>> 0);
        if (['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(command)) {
          affectedRows = (affectedRows ?? 0) + Number(tag.slice(tag.lastIndexOf(' ') + 1));
        }
        break;
      }
      case 0x45: {
        // 'E' ErrorResponse: the first error of the batch is the one that counts.
        if (error) break;
        const fields: Record<string, string> = {};
        let p = body;
        while (bytes[p] !== 0 && p < next) {
          const key = String.fromCharCode(bytes[p]!);
          const [value, after] = cstring(p + 1);
          fields[key] = value;
          p = after;
        }
        error = new messages.DatabaseError(fields['M'] ?? 'Database error', size, 'error');
        for (const [key, field] of Object.entries(ERROR_FIELDS)) {
          if (fields[key] !== undefined) (error as unknown as Record<string, string>)[field] = fields[key];
        }
        break;
      }
      // BindComplete, NoData, ReadyForQuery, notices, parameter statuses: nothing to keep.
    }
    at = next;
  }
  return { rows, affectedRows, parsed, error };
}

/** A parameter's value as the protocol carries it: text, bytes (sent as binary) or NULL. */
export type WireParam = string | Uint8Array | null;

/** Describe (of the unnamed portal), Execute (all rows) and Sync, as PGlite's serializer writes them. */
const DESCRIBE_EXECUTE_SYNC = Uint8Array.from([
  ...[0x44, 0, 0, 0, 6, 0x50, 0], // Describe: 'P', portal ''
  ...[0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0], // Execute: portal '', no row limit
  ...[0x53, 0, 0, 0, 4], // Sync
]);

/**
 * Bind (of the named statement to the unnamed portal, results as text),
 * Describe, Execute and Sync in one new buffer: the bytes PGlite's
 * serializer gives for the four, written at once. Its serializer grows a
 * buffer value by value and copies each message out on its own, which took
 * about 9 µs of every statement on the server's thread.
 */
export function bindAndRun(statement: string, values: readonly WireParam[]): Uint8Array {
  const name = Buffer.byteLength(statement);
  let size = 1 + 4 + 1 + name + 1 + 2 + 2 * values.length + 2 + 2;
  const lengths: number[] = [];
  for (const value of values) {
    const length = value === null ? 0 : typeof value === 'string' ? Buffer.byteLength(value) : value.byteLength;
    lengths.push(length);
    size += 4 + length;
  }
  const bindLength = size - 1;
  size += DESCRIBE_EXECUTE_SYNC.length;
  // Not from Node's shared pool: the batch is handed over to the database thread.
  const out = Buffer.allocUnsafeSlow(size);
  let at = 0;
  out[at++] = 0x42;
  at = out.writeInt32BE(bindLength, at);
  out[at++] = 0; // the unnamed portal
  at += out.write(statement, at, 'utf8');
  out[at++] = 0;
  at = out.writeUInt16BE(values.length, at);
  for (const value of values) at = out.writeInt16BE(value instanceof Uint8Array ? 1 : 0, at);
  at = out.writeUInt16BE(values.length, at);
  values.forEach((value, i) => {
    if (value === null) {
      at = out.writeInt32BE(-1, at);
      return;
    }
    at = out.writeInt32BE(lengths[i]!, at);
    if (typeof value === 'string') at += out.write(value, at, 'utf8');
    else {
      out.set(value, at);
      at += value.byteLength;
    }
  });
  at = out.writeInt16BE(0, at); // no result formats: every column as text
  out.set(DESCRIBE_EXECUTE_SYNC, at);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
