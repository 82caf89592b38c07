import { describe, expect, it } from 'vitest';
import { ArrivalGate, inArrivalOrder } from './arrival-order.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What the database thread was handed, in order. */
type Sent = string[];

/** A statement outside any transaction: its turn, then handed over at once. */
async function statement(gate: ArrivalGate, name: string, sent: Sent) {
  await gate.pass();
  sent.push(name);
  gate.sent();
  await nextTurn(); // its answer comes later
}

/** A transaction of `statements` statements, each answered a turn after it is sent. */
async function transaction(gate: ArrivalGate, name: string, statements: number, sent: Sent) {
  await gate.acquire();
  for (let i = 1; i <= statements; i++) {
    sent.push(`${name}${i}`);
    await nextTurn();
  }
  sent.push(`${name} COMMIT`);
  gate.release();
}

describe('ArrivalGate', () => {
  it('sends statements outside transactions one after the other without waiting for their answers', async () => {
    const gate = new ArrivalGate();
    const sent: Sent = [];
    const answered: string[] = [];
    const calls = ['a', 'b', 'c'].map((name) =>
      inArrivalOrder(() => statement(gate, name, sent).then(() => answered.push(name))),
    );
    await Promise.resolve();
    await Promise.resolve();
    // All three handed over before any answer came back.
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(answered).toEqual([]);
    await Promise.all(calls);
  });

  it('gives a transaction the connection alone: nothing is sent between its BEGIN and COMMIT', async () => {
    const gate = new ArrivalGate();
    const sent: Sent = [];
    const t = inArrivalOrder(() => transaction(gate, 't', 3, sent));
    const later = ['x', 'y'].map((name) => inArrivalOrder(() => statement(gate, name, sent)));
    await Promise.all([t, ...later]);
    expect(sent).toEqual(['t1', 't2', 't3', 't COMMIT', 'x', 'y']);
  });

  it('serves by arrival: a request that arrived earlier goes before one that asked first', async () => {
    const gate = new ArrivalGate();
    const sent: Sent = [];
    const holder = inArrivalOrder(() => transaction(gate, 'h', 2, sent));
    // The early request asks a turn later than the late one, while the holder has the connection.
    const early = inArrivalOrder(() => nextTurn().then(() => statement(gate, 'early', sent)));
    const late = inArrivalOrder(() => statement(gate, 'late', sent));
    await Promise.all([holder, early, late]);
    expect(sent).toEqual(['h1', 'h2', 'h COMMIT', 'early', 'late']);
  });

  it('lets a transaction in once the statements before it have been handed over, and statements after it wait', async () => {
    const gate = new ArrivalGate();
    const sent: Sent = [];
    const before = inArrivalOrder(() => statement(gate, 'before', sent));
    const t = inArrivalOrder(() => transaction(gate, 't', 1, sent));
    const after = inArrivalOrder(() => statement(gate, 'after', sent));
    await Promise.all([before, t, after]);
    expect(sent).toEqual(['before', 't1', 't COMMIT', 'after']);
  });

  it('is free again once the last holder releases it, and work outside a request queues in order', async () => {
    const gate = new ArrivalGate();
    const log: string[] = [];
    await gate.acquire();
    const waiting = [1, 2, 3].map((n) =>
      gate.acquire().then(() => {
        log.push(`job${n}`);
        gate.release();
      }),
    );
    gate.release();
    await Promise.all(waiting);
    expect(log).toEqual(['job1', 'job2', 'job3']);
    await gate.pass();
    gate.sent();
    await gate.acquire();
    gate.release();
  });
});
