// The order in which shoppers' calls get PGlite's one connection.
//
// PGlite serves every call from this thread, one statement or transaction at
// a time. Kysely's own lock hands the connection to the next waiter in
// statement order: a call's second statement queues behind every call that
// arrived after it, so under load a shopper waits two queues instead of one;
// and while statements follow one another the event loop reads no new
// request, not even one the catalogue cache could answer at once.
//
// This gate runs statements one after the other for up to TURN_BUDGET_MS of
// a turn of the event loop; past it, the connection passes on the next turn
// (setImmediate, after Node has read and answered what arrived) to the call
// that arrived first: every request carries the ticket it was given on
// arrival (listen() in server.ts), and a statement outside any request takes
// a ticket when it asks.
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

/**
 * Database work a turn of the event loop runs before the connection waits for
 * the next turn: a few short statements go one after the other, and requests
 * that need no database (health, cached catalogue answers) are read and
 * answered at least this often.
 */
const TURN_BUDGET_MS = 2;

export class ArrivalGate {
  #held = false;
  #scheduled = false;
  #turnStarted = 0;
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
    if (!this.#waiting.length) return;
    if (!this.#scheduled && performance.now() - this.#turnStarted < TURN_BUDGET_MS) this.#grant();
    else this.#schedule();
  }

  // Past the budget, the choice is made on the next turn of the event loop, after
  // Node has read the requests that arrived: the oldest ticket waiting then gets it.
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(this.#nextTurn);
  }

  readonly #nextTurn = (): void => {
    this.#scheduled = false;
    this.#turnStarted = performance.now();
    if (!this.#held) this.#grant();
  };

  #grant(): void {
    const next = this.#waiting.shift();
    if (!next) return;
    this.#held = true;
    next.grant();
  }
}
