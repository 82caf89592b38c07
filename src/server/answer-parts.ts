// An answer written out as JSON in parts (a listing page's kept product
// texts, a cart's kept rows), joined only when it must be: zstd joins the
// parts in a buffer it keeps (compression.ts), so a compressed answer never
// makes the whole uncompressed one, 20–30 kB a call that the collector then
// had to free (docs/performance.md, sixteenth sitting).
export class AnswerParts {
  readonly parts: readonly Uint8Array[];
  readonly byteLength: number;

  constructor(parts: readonly Uint8Array[]) {
    this.parts = parts;
    let length = 0;
    for (const part of parts) length += part.byteLength;
    this.byteLength = length;
  }

  /** The whole answer, joined. */
  bytes(): Buffer<ArrayBuffer> {
    return Buffer.concat(this.parts, this.byteLength);
  }
}
