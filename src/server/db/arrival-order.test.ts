import { describe, expect, it } from 'vitest';
import { ArrivalGate, inArrivalOrder } from './arrival-order.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Holds the thread for `ms`, as a statement in WebAssembly does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** A request's work: asks the gate `statements` times, each statement taking `ms`. */
async function request(gate: ArrivalGate, name: string, statements: number, log: string[], ms = 3) {
  for (let i = 1; i <= statements; i++) {
    await gate.acquire();
    log.push(`${name}${i}`);
    busy(ms);
    await Promise.resolve();
    gate.release();
  }
}

describe('ArrivalGate', () => {
  it('past a turn’s budget, serves a request’s later statements before the requests that arrived after it', async () => {
    const gate = new ArrivalGate();
    const log: string[] = [];
    const a = inArrivalOrder(() => request(gate, 'a', 3, log));
    const b = inArrivalOrder(() => request(gate, 'b', 1, log));
    const c = inArrivalOrder(() => request(gate, 'c', 2, log));
    await Promise.all([a, b, c]);
    // Kysely's own lock would give a1 b1 c1 a2 c2 a3: every statement to the back of the queue.
    expect(log).toEqual(['a1', 'a2', 'a3', 'b1', 'c1', 'c2']);
  });

  it('runs short statements one after the other in the same turn, then lets the event loop in', async () => {
    const gate = new ArrivalGate();
    const log: string[] = [];
    const turns: number[] = [];
    let turn = 0;
    const tick = setInterval(() => turn++, 0);
    const requests = ['a', 'b', 'c', 'd'].map((name) =>
      inArrivalOrder(() =>
        request(gate, name, 1, [], 0.2).then(() => {
          log.push(name);
          turns.push(turn);
        }),
      ),
    );
    await Promise.all(requests);
    clearInterval(tick);
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    // All four within one turn's 2 ms budget: no timer ran between them.
    expect(new Set(turns).size).toBe(1);
  });

  it('hands the connection over on a later turn, so what arrives meanwhile is queued by arrival', async () => {
    const gate = new ArrivalGate();
    const log: string[] = [];
    let granted = false;
    const first = gate.acquire().then(() => {
      granted = true;
    });
    await Promise.resolve();
    expect(granted).toBe(false); // not in the same turn
    await first;
    expect(granted).toBe(true);
    // Two waiters: the request that arrived later asks first, the earlier one a turn after it.
    const early = inArrivalOrder(() =>
      nextTurn()
        .then(() => gate.acquire())
        .then(() => log.push('early')),
    );
    const late = inArrivalOrder(() => gate.acquire().then(() => log.push('late')));
    await nextTurn();
    await nextTurn();
    gate.release();
    await early;
    expect(log).toEqual(['early']);
    gate.release();
    await late;
    gate.release();
    expect(log).toEqual(['early', 'late']);
  });

  it('is free again once the last holder releases it, and statements outside a request queue in order', async () => {
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
    await nextTurn();
    let got = false;
    const again = gate.acquire().then(() => {
      got = true;
    });
    await again;
    expect(got).toBe(true);
    gate.release();
  });
});
