// zstd in a thread of its own, for the answers worth handing over: a
// listing or search page, a cart of some rows (12–64 kB). Compressing a
// 24 kB listing page was a quarter of its time on this thread (zstd level 1,
// 35–50 µs), and a listing reads nothing from the database (its order and
// texts are kept: listing-orders.ts, product-texts.ts), so under load this
// thread was busy all the time while the other core had time to spare
// (docs/performance.md, twenty-fourth and twenty-fifth sittings).
//
// An answer is handed over only while another core has time to spare
// (in-flight.ts spareCore): this thread ran 80 % of the last 20 ms and the
// database had nothing to run. An answer on a quiet shop, or one made while
// the database works (a search, a cart write: on PGlite its thread needs
// that core), is compressed here as before (compression.ts), and so is every
// answer when SLOTS answers are being made, the thread has stopped or is not
// ready yet.
//
// The answers go through shared memory, not messages: the parts are joined
// and copied into a free slot, the slot is marked asked, and the thread
// writes the frame into the slot's other half and marks it made. After an
// answer the thread looks for the next one for a moment before it sleeps, so
// that under load it need not be woken (Atomics.notify: 14 µs of this thread
// on this machine). This thread learns of a frame through Atomics.waitAsync
// on a counter of frames made, or sooner, when it hands over the next answer:
// under load it reads a batch of requests before it runs the wait's task.
import { Worker } from 'node:worker_threads';
import { spareCore } from './in-flight.ts';
import { joinParts, zstdRoom } from './kept-zstd.ts';

/** Smaller answers are compressed here: their hand-over would cost about as much as compressing them. */
export const OFF_THREAD_FROM_BYTES = 12 * 1024;
/** The largest answer a slot takes; a bigger one (a long cart, a page of the export) is compressed here. */
export const SLOT_INPUT_BYTES = 64 * 1024;
const SLOT_ROOM = zstdRoom(SLOT_INPUT_BYTES);
export const SLOT_BYTES = SLOT_INPUT_BYTES + SLOT_ROOM;
/** Answers being compressed at once at most: more wait here, compressed on this thread. */
export const SLOTS = 16;

// The control words, 32-bit integers in shared memory.
/** Bumped by this thread for each answer it hands over. */
export const WORK = 0;
/** 1 while the compression thread waits for work (it must be woken); 0 while it works. */
export const SLEEPING = 1;
/** Bumped by the compression thread for each answer it is done with. */
export const DONE = 2;
/** 1 when the compression thread is to stop. */
export const STOP = 3;
/** Then, per slot, three words: its state, its input's length, its frame's length. */
const SLOT_WORDS = 4;
/** Where a slot's three words begin. */
export const stateOf = (slot: number) => SLOT_WORDS + slot * 3;

/** A slot's states. */
const FREE = 0;
export const ASKED = 1;
export const MADE = 2;
/** The thread could not compress it: it is compressed here. */
export const FAILED = 3;

/** What the compression thread is given (zstd-thread-worker.ts). */
export interface ThreadData {
  control: Int32Array;
  memory: SharedArrayBuffer;
}

/** Its first message: whether its zstd context works. */
export interface ThreadReady {
  ready: boolean;
}

export class ZstdThread {
  readonly #worker: Worker;
  readonly #control: Int32Array;
  readonly #memory: SharedArrayBuffer;
  /** Per slot, who waits for its frame. */
  readonly #waiting: (((frame: Buffer | null) => void) | undefined)[] = Array.from({ length: SLOTS });
  readonly #free: number[] = Array.from({ length: SLOTS }, (_, i) => SLOTS - 1 - i);
  /** Where an answer's parts are joined before they are copied into a slot. */
  readonly #joined = Buffer.allocUnsafeSlow(SLOT_INPUT_BYTES);
  #ready = false;
  #stopped = false;
  #listening = false;
  /** Settled when the thread has stopped. */
  readonly stopped: Promise<void>;

  constructor() {
    this.#memory = new SharedArrayBuffer(SLOTS * SLOT_BYTES);
    this.#control = new Int32Array(new SharedArrayBuffer(4 * (SLOT_WORDS + SLOTS * 3)));
    const data: ThreadData = { control: this.#control, memory: this.#memory };
    this.#worker = new Worker(new URL('./zstd-thread-worker.ts', import.meta.url), { workerData: data });
    // An idle thread does not keep the process alive.
    this.#worker.unref();
    this.#worker.once('message', (message: ThreadReady) => {
      if (message.ready) this.#ready = true;
      else this.#stop('its zstd context did not work');
    });
    this.stopped = new Promise((done) => {
      this.#worker.once('exit', (code) => {
        this.#stop(`exit ${code}`);
        done();
      });
    });
    this.#worker.on('error', (error) => this.#stop(error.message));
  }

  /** Whether it takes answers (started, its context checked, not stopped). */
  get ready(): boolean {
    return this.#ready && !this.#stopped;
  }

  /**
   * The parts, one after the other, as one zstd frame made on the thread; null
   * (at once) when it does not take this answer: not ready, stopped, every slot
   * busy or the answer too big. The promise gives null when the thread could
   * not make it (then the caller compresses it itself); it never rejects.
   */
  compress(parts: readonly Uint8Array[], byteLength: number): Promise<Buffer | null> | null {
    if (!this.ready || byteLength > SLOT_INPUT_BYTES) return null;
    // Frames made since the last look free their slots now: this thread may not have run the wait's task yet.
    if (this.#free.length < SLOTS) this.#collect();
    const slot = this.#free.pop();
    if (slot === undefined) return null;
    // Joined here first, then copied at once: each copy into shared memory costs about 0.1 µs besides its bytes.
    new Uint8Array(this.#memory, slot * SLOT_BYTES, byteLength).set(joinParts(parts, byteLength, this.#joined));
    const state = stateOf(slot);
    this.#control[state + 1] = byteLength;
    // Seen by the thread only with its input in place (Atomics are sequentially consistent).
    Atomics.store(this.#control, state, ASKED);
    Atomics.add(this.#control, WORK, 1);
    if (Atomics.load(this.#control, SLEEPING) === 1) Atomics.notify(this.#control, WORK, 1);
    // While it makes an answer, the thread keeps the process alive (Atomics.waitAsync does not).
    if (this.#free.length === SLOTS - 1) this.#worker.ref();
    return new Promise((resolve) => {
      this.#waiting[slot] = resolve;
      this.#listen();
    });
  }

  /** Stops the thread; answers being made get null (compressed by their callers). */
  async close(): Promise<void> {
    Atomics.store(this.#control, STOP, 1);
    Atomics.notify(this.#control, WORK);
    this.#stop('closed');
    await this.stopped;
  }

  /** Waits for the next frames made while any answer is being made on the thread. */
  #listen(): void {
    if (this.#listening || this.#stopped) return;
    const done = Atomics.load(this.#control, DONE);
    if (!this.#collect()) return;
    this.#listening = true;
    const again = () => {
      this.#listening = false;
      this.#listen();
    };
    const wait = Atomics.waitAsync(this.#control, DONE, done);
    if (wait.async) void wait.value.then(again);
    else queueMicrotask(again);
  }

  /** Hands each frame made to who waits for it; whether some answer is still being made. */
  #collect(): boolean {
    let busy = false;
    for (let slot = 0; slot < SLOTS; slot++) {
      const resolve = this.#waiting[slot];
      if (!resolve) continue;
      const state = stateOf(slot);
      const made = Atomics.load(this.#control, state);
      if (made === ASKED) {
        busy = true;
        continue;
      }
      const length = this.#control[state + 2]!;
      const frame =
        made === MADE ? Buffer.from(new Uint8Array(this.#memory, slot * SLOT_BYTES + SLOT_INPUT_BYTES, length)) : null;
      this.#waiting[slot] = undefined;
      Atomics.store(this.#control, state, FREE);
      this.#free.push(slot);
      resolve(frame);
    }
    if (this.#free.length === SLOTS) this.#worker.unref();
    return busy;
  }

  #stop(why: string): void {
    if (this.#stopped) return;
    this.#stopped = true;
    if (why !== 'closed')
      console.warn(`[compression] the compression thread stopped (${why}); answers are compressed here`);
    for (let slot = 0; slot < SLOTS; slot++) {
      const resolve = this.#waiting[slot];
      this.#waiting[slot] = undefined;
      resolve?.(null);
    }
  }
}

let shared: ZstdThread | undefined;

/**
 * The answer's parts compressed with zstd on the process's compression thread,
 * when it is worth it now (above); null when it is compressed here. The thread
 * is started by the first answer that would go to it, which is compressed
 * here while it starts.
 */
export function zstdOffThread(parts: readonly Uint8Array[], byteLength: number): Promise<Buffer | null> | null {
  if (byteLength < OFF_THREAD_FROM_BYTES || byteLength > SLOT_INPUT_BYTES || !spareCore()) return null;
  shared ??= new ZstdThread();
  return shared.compress(parts, byteLength);
}
