// The wire reader gives the rows PGlite's own query() gives, column names of any kind included.
import { PGlite, protocol, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerBytes, bindAndRun, readMessages, type WireParam, WireCollector } from './pglite-wire.ts';

let pglite: PGlite;
beforeAll(async () => {
  pglite = new PGlite();
  await pglite.waitReady;
});
afterAll(() => pglite.close());

async function both(sql: string) {
  const bytes = await pglite.execProtocolRaw(protocol.serialize.query(sql));
  const ours = readMessages(bytes, bytes.length, types.parsers as never);
  const theirs = await pglite.query(sql);
  return { ours: ours.rows, theirs: theirs.rows };
}

describe('readMessages', () => {
  it('reads typed values, nulls and text the way PGlite does, row after row', async () => {
    const { ours, theirs } = await both(
      `SELECT n AS id, n * 1.5 AS half, n % 2 = 0 AS even, CASE WHEN n > 1 THEN 'città ' || n END AS name,
        date '2026-11-24' + n AS day, NULL::text AS nothing
      FROM generate_series(1, 3) n`,
    );
    expect(ours).toEqual(theirs);
    expect(ours[1]).toEqual({
      id: 2,
      half: '3.0',
      even: true,
      name: 'città 2',
      day: new Date('2026-11-26'),
      nothing: null,
    });
  });

  it('keeps odd column names as plain keys: quotes, spaces, a repeated name, __proto__', async () => {
    const { ours } = await both(`SELECT 1 AS a, 'x' AS "it's ""odd""", 2 AS a, 'p' AS "__proto__", 3 AS "b c"`);
    expect(ours).toHaveLength(1);
    const row = ours[0]!;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['a', `it's "odd"`, '__proto__', 'b c']);
    expect(row['a']).toBe(2);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('p');
    expect(row[`it's "odd"`]).toBe('x');
  });

  it('reads several answers with different columns in one batch', async () => {
    const bytes = await pglite.execProtocolRaw(
      protocol.serialize.query(`SELECT 1 AS one; SELECT 'due' AS two, 3 AS three`),
    );
    expect(readMessages(bytes, bytes.length, types.parsers as never).rows).toEqual([
      { one: 1 },
      { two: 'due', three: 3 },
    ]);
  });
});

describe('row descriptions read once', () => {
  it('tells apart statements whose descriptions have the same size: other names, other types', async () => {
    // Each description is kept by its message's size; these three have one size and differ in a name or a type.
    for (let round = 0; round < 2; round++) {
      expect((await both(`SELECT 1 AS abc, 'x' AS def`)).ours).toEqual([{ abc: 1, def: 'x' }]);
      expect((await both(`SELECT 2 AS xyz, 'y' AS def`)).ours).toEqual([{ xyz: 2, def: 'y' }]);
      expect((await both(`SELECT '3' AS abc, 'z' AS def`)).ours).toEqual([{ abc: '3', def: 'z' }]);
    }
  });

  it('reads the same statement the same way the second time, with short and accented values', async () => {
    const sql = `SELECT 'è' AS a, 'pasta' AS b, '' AS c, 'più di sedici caratteri, sì' AS d`;
    const first = await both(sql);
    const second = await both(sql);
    expect(second.ours).toEqual(second.theirs);
    expect(second.ours).toEqual(first.ours);
    expect(second.ours[0]).toEqual({ a: 'è', b: 'pasta', c: '', d: 'più di sedici caratteri, sì' });
  });
});

describe('an answer between the threads', () => {
  it('comes back byte for byte through its characters, every byte value, small and large', () => {
    const reader = new AnswerBytes();
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    const large = Uint8Array.from({ length: 600_000 }, (_, i) => (i * 7) % 256);
    for (const sent of [every, large, every]) {
      const collector = new WireCollector();
      collector.reset();
      collector.push(sent.subarray(0, 100));
      collector.push(sent.subarray(100));
      const text = collector.take();
      expect(text).toHaveLength(sent.length);
      expect(Buffer.from(reader.bytes(text))).toEqual(Buffer.from(sent));
    }
  });

  it('is read by the wire reader the same as the bytes PGlite answered', async () => {
    const bytes = await pglite.execProtocolRaw(protocol.serialize.query(`SELECT 'città €' AS name, 2 AS n`));
    const collector = new WireCollector();
    collector.reset();
    collector.push(bytes);
    const back = new AnswerBytes().bytes(collector.take());
    expect(readMessages(back, back.length, types.parsers as never).rows).toEqual([{ name: 'città €', n: 2 }]);
  });
});

describe('bindAndRun', () => {
  const theirs = (statement: string, values: WireParam[]) => {
    const parts = [
      protocol.serialize.bind({ statement, values: values as never }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ];
    return Buffer.concat(parts.map((part) => Buffer.from(part)));
  };

  it("writes the bytes of PGlite's serializer: text, accents, empty text, NULL, bytes, no values", () => {
    const cases: [string, WireParam[]][] = [
      ['k1', ['1109', 'città', '', null, Uint8Array.of(0, 1, 255), '{"a":"ü"}']],
      ['k23', []],
      ['', ['x']],
    ];
    for (const [statement, values] of cases) {
      expect(Buffer.from(bindAndRun(statement, values))).toEqual(theirs(statement, values));
    }
  });

  it('runs a named statement with its values, a NULL among them', async () => {
    await pglite.execProtocolRaw(
      protocol.serialize.parse({
        name: 'bind_test',
        text: 'SELECT $1::text AS a, $2::int + 1 AS b, $3::text AS c',
        types: [],
      }),
    );
    const bytes = await pglite.execProtocolRaw(bindAndRun('bind_test', ['città', '41', null]));
    expect(readMessages(bytes, bytes.length, types.parsers as never).rows).toEqual([{ a: 'città', b: 42, c: null }]);
  });
});
