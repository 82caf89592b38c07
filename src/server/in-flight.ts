// What this process is busy with: the statements sent to the database and
// not yet answered, and how busy this thread has been of late. The
// compression thread (zstd-thread.ts) reads them to choose where an answer is
// compressed: in a thread of its own only while this thread is busy and the
// database has nothing to run, so that it takes a core that would otherwise
// be idle (on PGlite, the core the database's own thread runs on).
import { performance } from 'node:perf_hooks';

export const inFlight = {
  /** Statements sent to the database and not answered yet (pglite-engine.ts, client.ts). */
  statements: 0,
};

/** How often this thread's busyness is looked at again, in ms. */
const LOOK_EVERY_MS = 20;
/** Busy: running (not waiting for I/O) at least this share of the last look's time. */
const BUSY_FROM = 0.8;

let lastLook = 0;
let busy = false;
let since = performance.eventLoopUtilization();

/**
 * Whether this thread ran at least 80 % of the time between the last two
 * looks (its event loop's utilization), looked at again every 20 ms at most.
 * Counting requests being answered would not tell: a request that reads
 * nothing from the database (a listing from its kept order and texts) is
 * answered whole before the next one is read from its socket, so there is
 * only ever one.
 */
export function threadBusy(now = performance.now()): boolean {
  if (now - lastLook >= LOOK_EVERY_MS) {
    const last = performance.eventLoopUtilization(since);
    since = performance.eventLoopUtilization();
    busy = last.utilization >= BUSY_FROM;
    lastLook = now;
  }
  return busy;
}
