// What this process is busy with: how much of the last moments this thread
// ran, and how much of them the database had a statement to run. The
// compression thread (zstd-thread.ts) reads them to choose where an answer is
// compressed: in a thread of its own only while this thread is busy and the
// database has had nothing to run, so that it takes a core that would
// otherwise be idle (on PGlite, the core the database's own thread runs on).
import { performance } from 'node:perf_hooks';

/** How often the shares are looked at again, in ms. */
const LOOK_EVERY_MS = 20;
/** This thread is busy: it ran (was not waiting for I/O) at least this share of the last look's time. */
const BUSY_FROM = 0.8;
/** The database is idle: it had a statement to run at most this share of the last look's time. */
const IDLE_UP_TO = 0.05;

/** Statements sent to the database and not answered yet. */
let statements = 0;
/** The time, in ms, during which some statement was in flight, up to `busySince`. */
let busyMs = 0;
/** When the current stretch with statements in flight began. */
let busySince = 0;

/** A statement was sent to the database (pglite-engine.ts, client.ts). */
export function statementSent(): void {
  if (statements++ === 0) busySince = performance.now();
}

/** `count` statements were answered (or failed). */
export function statementsAnswered(count = 1): void {
  if (count <= 0) return;
  statements -= count;
  if (statements <= 0) {
    statements = 0;
    busyMs += performance.now() - busySince;
  }
}

/** The time, in ms, during which some statement was in flight, up to `now`. */
const busyUntil = (now: number) => busyMs + (statements > 0 ? now - busySince : 0);

let lastLook = 0;
let lastBusyMs = 0;
let since = performance.eventLoopUtilization();
let spare = false;

/**
 * Whether another core has time to spare for this thread's work: this thread
 * ran at least 80 % of the time between the last two looks (its event loop's
 * utilization), the database had a statement in flight at most 5 % of it,
 * and has none now. Looked at again every 20 ms at most.
 *
 * Counting requests being answered would not tell whether this thread is
 * busy: a request that reads nothing from the database (a listing from its
 * kept order and texts) is answered whole before the next one is read from
 * its socket, so there is only ever one. And a database with nothing in
 * flight at one moment may be busy the next: under searches or cart writes,
 * answers handed over at such moments took PGlite's core from its thread
 * (search 2,900 → 2,400 answers a second, docs/performance.md, twenty-fifth
 * sitting).
 */
export function spareCore(now = performance.now()): boolean {
  if (now - lastLook >= LOOK_EVERY_MS) {
    const ran = performance.eventLoopUtilization(since);
    since = performance.eventLoopUtilization();
    const busy = busyUntil(now);
    const databaseShare = lastLook === 0 ? 1 : (busy - lastBusyMs) / (now - lastLook);
    spare = ran.utilization >= BUSY_FROM && databaseShare <= IDLE_UP_TO;
    lastBusyMs = busy;
    lastLook = now;
  }
  return spare && statements === 0;
}
