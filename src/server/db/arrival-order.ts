// The order in which shoppers' calls reach PGlite's one connection.
//
// PGlite runs in a thread of its own (pglite-engine.ts) and answers the
// statements it is sent one after the other, in the order they were sent.
// A statement outside any transaction is sent as soon as it is its turn,
// without waiting for the answers of the ones before it: the database thread
// always has the next statement waiting while this thread reads requests and
// writes answers. A transaction (or a migration script) has the connection
// alone from BEGIN to COMMIT, since anything sent meanwhile would run inside it.
//
// Turns go by arrival: every request carries the ticket it was given on
// arrival (listen() in server.ts), and work outside any request takes a ticket
// when it asks. Kysely's own lock would instead put each statement of a call
// at the back of the queue, so under load a shopper would wait once per
// statement.
import { AsyncLocalStorage } from 'node:async_hooks';

const arrival = new AsyncLocalStorage<number>();
let lastTicket = 0;

/** Runs one request's work with its arrival ticket; its database calls are served before later requests'. */
export function inArrivalOrder<T>(work: () => T): T {
  return arrival.run(++lastTicket, work);
}

interface Waiter {
  ticket: number;
  /** A transaction: the connection alone until release(). Otherwise one statement, sent at once. */
  alone: boolean;
  grant: () => void;
}

export class ArrivalGate {
  /** A transaction or script has the connection. */
  #held = false;
  /** Statements let through that have not yet been handed to the database thread. */
  #unsent = 0;
  /** Sorted by ticket, oldest first. */
  readonly #waiting: Waiter[] = [];

  /**
   * One statement outside any transaction: resolves when it may be sent. Call
   * sent() as soon as it has been handed over (before awaiting its answer).
   */
  pass(): Promise<void> {
    return this.#wait(false);
  }

  /** Called once the statement pass() let through has been handed to the database thread. */
  sent(): void {
    this.#unsent--;
    this.#next();
  }

  /** A transaction or a script: resolves when it has the connection alone; release() ends it. */
  acquire(): Promise<void> {
    return this.#wait(true);
  }

  release(): void {
    this.#held = false;
    this.#next();
  }

  #wait(alone: boolean): Promise<void> {
    const ticket = arrival.getStore() ?? ++lastTicket;
    const { promise, resolve } = Promise.withResolvers<void>();
    // Tickets mostly come in order: search from the end.
    let at = this.#waiting.length;
    while (at > 0 && this.#waiting[at - 1]!.ticket > ticket) at--;
    this.#waiting.splice(at, 0, { ticket, alone, grant: resolve });
    this.#next();
    return promise;
  }

  // The oldest waiter goes first. Statements go one after the other without
  // waiting for their answers; a transaction waits until the statements before
  // it have been sent (the database thread runs them first, in order).
  #next(): void {
    while (!this.#held && this.#waiting.length > 0) {
      const head = this.#waiting[0]!;
      if (head.alone) {
        if (this.#unsent > 0) return;
        this.#held = true;
      } else {
        this.#unsent++;
      }
      this.#waiting.shift();
      head.grant();
    }
  }
}
