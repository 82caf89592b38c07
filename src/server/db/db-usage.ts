// What a database handle is doing now, counted by the shop's own dialects
// (postgres-dialect.ts, pglite-prepared.ts) for the metrics endpoint (metrics.ts):
// postgres.js makes no count of its pool's busy connections public, so the
// dialect counts what it hands to the pool.
export class DbUsage {
  /** Statements sent and not yet answered (PGlite runs one at a time; the rest wait for it). */
  statements = 0;
  /** Transactions open: on PostgreSQL each holds one of the pool's connections from BEGIN to its end. */
  transactions = 0;
}
