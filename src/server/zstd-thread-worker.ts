// The compression thread of zstd-thread.ts: it compresses each asked slot's
// input into the slot's other half with one kept zstd context, marks it made
// and bumps the count of frames made; with nothing asked, it sleeps until
// woken.
import { parentPort, workerData } from 'node:worker_threads';
import { KeptZstd } from './kept-zstd.ts';
import { ASKED, FAILED, MADE, type ThreadData, type ThreadReady } from './zstd-thread.ts';

const { control, memory, slots, slotInputBytes, slotBytes, words } = workerData as ThreadData;
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
  for (let slot = 0; slot < slots; slot++) {
    const state = words.slotWords + slot * 3;
    if (Atomics.load(control, state) !== ASKED) continue;
    found = true;
    const at = slot * slotBytes;
    const input = new Uint8Array(memory, at, control[state + 1]);
    zstd ??= KeptZstd.make();
    const length = zstd?.compressInto(input, new Uint8Array(memory, at + slotInputBytes, slotBytes - slotInputBytes));
    if (length === null || length === undefined) {
      // That context is dropped; the next answer gets a new one.
      zstd?.close();
      zstd = null;
      Atomics.store(control, state, FAILED);
    } else {
      control[state + 2] = length;
      Atomics.store(control, state, MADE);
    }
    Atomics.add(control, words.done, 1);
    Atomics.notify(control, words.done);
  }
  return found;
}

if (zstd) {
  // After its last answer the thread looks for the next one every POLL_MS for a while, without being woken:
  // waking a sleeping thread (Atomics.notify) cost the shop's thread 14 µs an answer on this machine.
  let lastWork = performance.now();
  while (Atomics.load(control, words.stop) === 0) {
    const work = Atomics.load(control, words.work);
    if (compressAsked()) {
      lastWork = performance.now();
      continue;
    }
    if (performance.now() - lastWork < POLL_FOR_MS) {
      // Not marked sleeping: an answer handed over meanwhile is found at the next look.
      Atomics.wait(control, words.work, work, POLL_MS);
      continue;
    }
    Atomics.store(control, words.sleeping, 1);
    // Work handed over after `work` was read changed the count: no sleep then.
    Atomics.wait(control, words.work, work, SLEEP_MS);
    Atomics.store(control, words.sleeping, 0);
    lastWork = performance.now();
  }
}
