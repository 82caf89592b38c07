// The compression thread of zstd-thread.ts: it compresses each asked slot's
// input into the slot's other half with one kept zstd context, marks it made
// and bumps the count of frames made; with nothing asked, it sleeps until
// woken.
import { parentPort, workerData } from 'node:worker_threads';
import { KeptZstd } from './kept-zstd.ts';
import {
  ASKED,
  DONE,
  FAILED,
  MADE,
  SLEEPING,
  SLOT_BYTES,
  SLOT_INPUT_BYTES,
  SLOTS,
  STOP,
  stateOf,
  type ThreadData,
  type ThreadReady,
  WORK,
} from './zstd-thread.ts';

const { control, memory } = workerData as ThreadData;
/** How long it sleeps at most before it looks again (it is woken at once when given work). */
const SLEEP_MS = 1000;
/** After an answer, how long it keeps looking for the next one without sleeping, and how often. */
const POLL_FOR_MS = 2;
const POLL_MS = 0.1;

let zstd = KeptZstd.make();
parentPort!.postMessage({ ready: zstd !== null } satisfies ThreadReady);

/** Compresses every asked slot; whether there was one. */
function compressAsked(): boolean {
  let found = false;
  for (let slot = 0; slot < SLOTS; slot++) {
    const state = stateOf(slot);
    if (Atomics.load(control, state) !== ASKED) continue;
    found = true;
    const at = slot * SLOT_BYTES;
    const input = new Uint8Array(memory, at, control[state + 1]);
    zstd ??= KeptZstd.make();
    const out = new Uint8Array(memory, at + SLOT_INPUT_BYTES, SLOT_BYTES - SLOT_INPUT_BYTES);
    const length = zstd ? zstd.compressInto(input, out) : null;
    if (length === null) {
      // That context is dropped; the next answer gets a new one.
      zstd?.close();
      zstd = null;
      Atomics.store(control, state, FAILED);
    } else {
      control[state + 2] = length;
      Atomics.store(control, state, MADE);
    }
    Atomics.add(control, DONE, 1);
    Atomics.notify(control, DONE);
  }
  return found;
}

if (zstd) {
  // After its last answer the thread looks for the next one every POLL_MS for a while, without being woken:
  // waking a sleeping thread (Atomics.notify) cost the shop's thread 14 µs an answer on this machine.
  let lastWork = performance.now();
  while (Atomics.load(control, STOP) === 0) {
    const work = Atomics.load(control, WORK);
    if (compressAsked()) {
      lastWork = performance.now();
      continue;
    }
    if (performance.now() - lastWork < POLL_FOR_MS) {
      // Not marked sleeping: an answer handed over meanwhile is found at the next look.
      Atomics.wait(control, WORK, work, POLL_MS);
      continue;
    }
    Atomics.store(control, SLEEPING, 1);
    // Work handed over after `work` was read changed the count: no sleep then.
    Atomics.wait(control, WORK, work, SLEEP_MS);
    Atomics.store(control, SLEEPING, 0);
    lastWork = performance.now();
  }
}
