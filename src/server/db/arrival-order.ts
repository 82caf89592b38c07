// The order in which shoppers' calls get PGlite's one connection.
//
// PGlite serves every call from this thread, one statement or transaction at
// a time. Kysely's own lock hands the connection to the next waiter at once,
// in the same turn of the event loop, and by the order of statements: the
// requests that arrive meanwhile are not even read until the whole queue has
// run, and a call's second statement waits behind every call that came after
// it. Under load a shopper then waits up to two queues instead of one.
//
// This gate hands the connection over on the next turn of the event loop
// (setImmediate, after Node has read the requests that arrived), and to the
// call that arrived first: every request carries the ticket it was given on
// arrival, and a statement outside any request takes a ticket when it asks.
import { AsyncLocalStorage } from 'node:async_hooks';

const arrival = new AsyncLocalStorage<number>();
let lastTicket = 0;

/** Runs one request's work with its arrival ticket; its database calls are served before later requests'. */
export function inArrivalOrder<T>(work: () => T): T {
  return arrival.run(++lastTicket, work);
}

interface Waiter {
  ticket: number;
  grant: () => void;
}

export class ArrivalGate {
  #held = false;
  #scheduled = false;
  /** Sorted by ticket, oldest first. */
  readonly #waiting: Waiter[] = [];

  acquire(): Promise<void> {
    const ticket = arrival.getStore() ?? ++lastTicket;
    const { promise, resolve } = Promise.withResolvers<void>();
    // Tickets mostly come in order: search from the end.
    let at = this.#waiting.length;
    while (at > 0 && this.#waiting[at - 1]!.ticket > ticket) at--;
    this.#waiting.splice(at, 0, { ticket, grant: resolve });
    if (!this.#held) this.#schedule();
    return promise;
  }

  release(): void {
    this.#held = false;
    if (this.#waiting.length) this.#schedule();
  }

  // The choice is made on the next turn of the event loop, after Node has read
  // the requests that arrived: the oldest ticket waiting then gets the connection.
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#grantNext);
  }

  readonly #grantNext = (): void => {
    this.#scheduled = false;
    if (this.#held) return;
    const next = this.#waiting.shift();
    if (!next) return;
    this.#held = true;
    next.grant();
  };
}
