// One zstd context kept and reused answer after answer (compression.ts, and
// the compression thread: zstd-thread.ts).
import { constants, createZstdCompress, zstdDecompressSync } from 'node:zlib';

/** zstd's fastest level that still compresses text well: a listing page to an eighth. */
export const ZSTD_FASTEST = { params: { [constants.ZSTD_c_compressionLevel]: 1 } };

/** The room zstd may need for `byteLength` bytes in the worst case (ZSTD_COMPRESSBOUND, rounded up). */
export const zstdRoom = (byteLength: number): number => byteLength + (byteLength >> 7) + 1024;

/** The parts, one after the other, written at the start of `into` (room for `byteLength`): that stretch of it. */
export function joinParts(parts: readonly Uint8Array[], byteLength: number, into: Buffer): Buffer {
  const joined = into.subarray(0, byteLength);
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.byteLength;
  }
  return joined;
}

/** What node:zlib's own stream keeps of its native zstd compressor (the fields its sync calls drive). */
interface NativeZstd {
  writeSync(
    flush: number,
    input: Uint8Array,
    inOff: number,
    inLen: number,
    out: Uint8Array,
    outOff: number,
    outLen: number,
  ): void;
}

/**
 * One zstd context for a thread, reused answer after answer.
 * zstdCompressSync makes a new stream object and a new native context for each
 * answer, and closes them: a third of what compressing a 30 kB listing costs
 * (40 → 27 µs, docs/performance.md, fourteenth sitting). This drives the
 * native compressor of one stream of node:zlib's own the way its sync calls do
 * (`_handle.writeSync`, results in `_writeState`), ending a frame with each
 * answer; zstd starts the next frame on the same context. These fields are
 * not public: the context is used only if a sample made with it reads back
 * (checked once), and an answer it cannot end in one call, or any error,
 * drops it for a new one; each such answer is made by zstdCompressSync.
 */
export class KeptZstd {
  #native: NativeZstd;
  #state: Uint32Array;
  #stream: { destroy(): void };
  #failed = false;
  /** Where each frame is written, grown to the largest answer's room (at most 256 kB and its bound). */
  #out = Buffer.allocUnsafeSlow(64 * 1024);
  /** Where an answer in parts is joined, grown the same way. */
  #in = Buffer.allocUnsafeSlow(64 * 1024);

  private constructor(native: NativeZstd, state: Uint32Array, stream: NodeJS.EventEmitter & { destroy(): void }) {
    this.#native = native;
    this.#state = state;
    this.#stream = stream;
    stream.on('error', () => {
      this.#failed = true;
    });
  }

  /** Frees the native context. */
  close(): void {
    this.#failed = true;
    this.#stream.destroy();
  }

  /** A kept context, or null when node:zlib's stream does not have the expected shape or its sample fails. */
  static make(): KeptZstd | null {
    try {
      const stream = createZstdCompress(ZSTD_FASTEST) as unknown as NodeJS.EventEmitter & {
        destroy(): void;
        _handle?: Partial<NativeZstd>;
        _writeState?: unknown;
      };
      const native = stream._handle;
      const state = stream._writeState;
      if (typeof native?.writeSync !== 'function' || !(state instanceof Uint32Array)) return null;
      const kept = new KeptZstd(native as NativeZstd, state, stream);
      const sample = Buffer.from(JSON.stringify({ responseCode: 0, data: 'Passata di pomodoro · 1,29 €'.repeat(64) }));
      for (let i = 0; i < 2; i++) {
        const packed = kept.compress(sample);
        if (!packed || !zstdDecompressSync(packed).equals(sample)) {
          kept.close();
          return null;
        }
      }
      return kept;
    } catch {
      return null;
    }
  }

  /** The bytes as one zstd frame; null when this context could not make it (then it is not used again). */
  compress(bytes: Uint8Array): Buffer | null {
    return this.compressParts([bytes], bytes.byteLength);
  }

  /**
   * The parts, one after the other, as one zstd frame; null when this context could not make it.
   * Several parts are first copied into one kept buffer: given its whole input at once, with room
   * for the worst case, zstd sizes its tables to the input and reads it where it is, where part by
   * part it copied each into its own window first (a cart of 40 rows: 22 → 18 µs, nineteenth sitting).
   */
  compressParts(parts: readonly Uint8Array[], byteLength: number): Buffer | null {
    if (parts.length === 0) {
      this.#failed = true;
      return null;
    }
    let input = parts[0]!;
    if (parts.length > 1) {
      if (this.#in.byteLength < byteLength) this.#in = Buffer.allocUnsafeSlow(byteLength);
      input = joinParts(parts, byteLength, this.#in);
    }
    const room = zstdRoom(byteLength);
    if (this.#out.byteLength < room) this.#out = Buffer.allocUnsafeSlow(room);
    const written = this.compressInto(input.subarray(0, byteLength), this.#out.subarray(0, room));
    return written === null ? null : Buffer.copyBytesFrom(this.#out, 0, written);
  }

  /**
   * `input` as one zstd frame written at the start of `out`, which has room for
   * the worst case (zstdRoom): the frame's length, or null when this context
   * could not make it (then it is not used again).
   */
  compressInto(input: Uint8Array, out: Uint8Array): number | null {
    if (this.#failed || out.byteLength < zstdRoom(input.byteLength)) {
      this.#failed = true;
      return null;
    }
    try {
      this.#native.writeSync(constants.ZSTD_e_end, input, 0, input.byteLength, out, 0, out.byteLength);
    } catch {
      this.#failed = true;
      return null;
    }
    const [outLeft = 0, inLeft = 1] = this.#state;
    // Input left over or the room used up: the frame may not be ended, and the context is mid-frame.
    if (inLeft !== 0 || outLeft === 0) {
      this.#failed = true;
      return null;
    }
    return out.byteLength - outLeft;
  }
}
