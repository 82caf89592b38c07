// PostgreSQL: a statement outside a transaction goes down one of a few
// shared connections in node-postgres's pipeline mode, written at once even
// while the statements before it are still running. A connection of the pool
// took one statement at a time: its server process answered, fell asleep, and
// was woken for the next, and on a small machine waking another process costs
// more than a statement read by key (product detail: 2,600 → 4,950 answers a
// second, docs/performance.md, twentieth sitting). Statements on one lane run
// one after the other, each in its own implicit transaction (a Sync after
// each), exactly as on a connection of their own; transactions keep a
// connection of the pool from BEGIN to COMMIT, and ranked searches have lanes
// of their own whose sessions plan generically (client.ts).
//
// A statement that waits for a row lock would hold up every statement behind
// it on its lane, and could wait for a transaction that itself waits for one
// of them. So the lanes' sessions wait at most LANE_LOCK_WAIT_MS for a lock:
// such a statement fails (55P03, nothing done) and is run again on a
// connection of the pool, where it waits as long as it must.
import type pg from 'pg';

/**
 * Marks a statement that reads thousands of rows (a page of the catalogue
 * export, a listing's whole order): on PostgreSQL it takes a connection of the
 * pool, not a lane, where the statements behind it would wait for it. A
 * comment, so PGlite runs it as it is.
 */
export const OWN_CONNECTION = '/* own connection */';

/** How long a statement on a lane waits for a lock before it is run again on a connection of the pool. */
export const LANE_LOCK_WAIT_MS = 50;

/** SQLSTATE lock_not_available: lock_timeout ran out (or NOWAIT found the row locked). */
export const LOCK_NOT_AVAILABLE = '55P03';

type Query = (text: string, values: unknown[]) => Promise<pg.QueryResult>;

export interface LaneClient {
  connect(): Promise<unknown>;
  query: Query;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
}

/** One shared connection, opened when first used and opened anew after it is lost. */
class Lane {
  /** Statements sent and not answered yet. */
  waiting = 0;
  #open: Promise<LaneClient> | undefined;
  readonly #make: () => LaneClient;

  constructor(make: () => LaneClient) {
    this.#make = make;
  }

  client(): Promise<LaneClient> {
    if (!this.#open) {
      const client = this.#make();
      const open = client.connect().then(() => client);
      // Lost (the server restarted, the connection broke) or never opened: the statements on it answer
      // their error, and the next statement opens a new connection.
      const drop = () => {
        if (this.#open === open) this.#open = undefined;
      };
      client.on('error', (error) => {
        console.warn(`[db] pipelined connection lost: ${error.message}`);
        drop();
      });
      client.on('end', drop);
      open.catch(drop);
      this.#open = open;
    }
    return this.#open;
  }

  async end(): Promise<void> {
    const open = this.#open;
    this.#open = undefined;
    await open?.then((c) => c.end()).catch(() => {});
  }
}

/** The lanes: each statement goes to the one with the fewest statements waiting. */
export class Lanes {
  readonly #lanes: Lane[];

  constructor(count: number, make: () => LaneClient) {
    this.#lanes = Array.from({ length: Math.max(1, count) }, () => new Lane(make));
  }

  async query(text: string, values: unknown[]): Promise<pg.QueryResult> {
    let lane = this.#lanes[0]!;
    for (const other of this.#lanes) if (other.waiting < lane.waiting) lane = other;
    lane.waiting++;
    try {
      return await (await lane.client()).query(text, values);
    } finally {
      lane.waiting--;
    }
  }

  async end(): Promise<void> {
    await Promise.all(this.#lanes.map((lane) => lane.end()));
  }
}

/** Whether the statement begins a transaction (Kysely's `begin`, or `start transaction …` with settings). */
export const opensTransaction = (text: string): boolean => /^\s*(begin|start\s+transaction)\b/i.test(text);
