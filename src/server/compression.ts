// Answers travel compressed when the browser accepts it. An answer made in
// memory (the API's JSON, images and pages the server writes) is compressed
// at once with node:zlib at the fastest levels — zstd, else gzip, else
// brotli: 40–60 µs for a 20–35 kB answer, an eighth of its size — and an
// answer under 1 kB goes as it is; a listing or search page may go to the
// compression thread while the other core is idle (zstd-thread.ts). The
// site's pages and scripts go as the gzip copies the build wrote
// (site/compressed-copies.ts); only a streamed file without a copy still goes
// through hono's compress (web streams).
// hono's compress sent every JSON answer, even the 41 bytes of
// /cli/health, through a CompressionStream: with a browser's Accept-Encoding
// a cart write, a listing or a search took two to three times as long
// (docs/performance.md, eleventh sitting).
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AnswerParts } from './answer-parts.ts';
import { compress } from 'hono/compress';
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';
import { KeptZstd, ZSTD_FASTEST } from './kept-zstd.ts';
import { zstdOffThread } from './zstd-thread.ts';
import { canComplete, completeAnswer, isComplete, setOutgoing } from './complete-answer.ts';

export type Encoding = 'zstd' | 'gzip' | 'br';

/** Below this many bytes an answer is sent as it is: compressing it saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;
/**
 * Above this, an answer is compressed as a stream (hono's compress, on libuv's
 * threads): the catalogue export's pages of megabytes, read by the site build,
 * would hold every shopper's request up for tens of milliseconds.
 */
const COMPRESS_AT_ONCE_UP_TO = 256 * 1024;

/** In the shop's order of preference: zstd is the fastest and smallest, gzip every browser reads. */
const PREFERRED: Encoding[] = ['zstd', 'gzip', 'br'];

/** Text types worth compressing (images other than SVG, fonts and archives are compressed already). */
const COMPRESSIBLE = /^(application\/(json|javascript|xml|manifest\+json)|text\/|image\/svg\+xml)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3):
 * of those the browser accepts (q > 0, or through "*"), the one it rates
 * highest, and among equals the shop's preferred; null when none.
 */
export function chooseEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const rated = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const value = q === undefined ? 1 : Number(q);
    if (name) rated.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of PREFERRED) {
    const q = rated.get(encoding) ?? rated.get('*') ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

let keptZstd: KeptZstd | null | undefined;

function zstdFastest(parts: readonly Uint8Array[], byteLength: number): Buffer {
  if (keptZstd === undefined) keptZstd = KeptZstd.make();
  const packed = keptZstd?.compressParts(parts, byteLength);
  if (packed) return packed;
  // Dropped: the next answer tries a new context.
  if (keptZstd) {
    keptZstd.close();
    keptZstd = undefined;
  }
  return zstdCompressSync(parts.length === 1 ? parts[0]! : Buffer.concat(parts, byteLength), ZSTD_FASTEST);
}

/** The bytes compressed with `encoding` at its fastest level. */
export function compressBytes(bytes: Uint8Array, encoding: Encoding): Buffer {
  return compressParts(new AnswerParts([bytes]), encoding);
}

/** An answer in parts compressed with `encoding` at its fastest level: zstd joins them in its kept buffer. */
export function compressParts(answer: AnswerParts, encoding: Encoding): Buffer {
  if (encoding === 'zstd') return zstdFastest(answer.parts, answer.byteLength);
  const bytes = answer.parts.length === 1 ? answer.parts[0]! : answer.bytes();
  if (encoding === 'gzip') return gzipSync(bytes, { level: 1 });
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });
}

type Body = Context['body'];

/** Marks the c.body of compressingBody, which takes an AnswerParts (partsBody). */
const TAKES_PARTS = Symbol('takes AnswerParts');

/** Whether an answer of `length` bytes, made as `made`, is compressed at once (compressingBody). */
function compressedAtOnce(made: Response, length: number): boolean {
  const answer = made.headers;
  return !(
    length < COMPRESS_FROM_BYTES ||
    length > COMPRESS_AT_ONCE_UP_TO ||
    made.status === 206 ||
    answer.has('Content-Encoding') ||
    !COMPRESSIBLE.test(answer.get('Content-Type') ?? '') ||
    NO_TRANSFORM.test(answer.get('Cache-Control') ?? '')
  );
}

/** The headers of a compressed answer: its encoding, and a weak ETag. */
function markEncoded(answer: Headers, encoding: Encoding): void {
  answer.set('Content-Encoding', encoding);
  const etag = answer.get('ETag');
  if (etag && !etag.startsWith('W/')) answer.set('ETag', `W/${etag}`);
}

/**
 * c.body and c.json of this request, made to compress an in-memory answer:
 * the answer is made as asked, then, when it is text of 1 kB to 256 kB with
 * a status that carries a body, made again from its compressed bytes. A
 * smaller one states its length, so that hono's compress leaves it alone; a
 * bigger one is left to hono's compress. It also takes an AnswerParts
 * (partsBody), compressed from its parts.
 */
function compressingBody(c: Context, encoding: Encoding): Body {
  const body = c.body;
  const compressing = (data: unknown, arg?: unknown, headers?: unknown): Response | Promise<Response> => {
    if (data instanceof AnswerParts) {
      const whole = wholeParts(c, data, encoding, arg, headers);
      if (whole) return whole;
      const shell = (body as (...args: unknown[]) => Response)(null, arg, headers);
      if (!compressedAtOnce(shell, data.byteLength)) return compressing(data.bytes(), arg, headers);
      markEncoded(shell.headers, encoding);
      return thenMade(
        packedParts(data, encoding),
        (packed) => new Response(packed as Uint8Array<ArrayBuffer>, { status: shell.status, headers: shell.headers }),
      );
    }
    const made = (body as (...args: unknown[]) => Response)(data, arg, headers);
    if (typeof data !== 'string' && !(data instanceof Uint8Array)) return made;
    // Measured without encoding the text: an answer left as it is is never copied.
    const length = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (length < COMPRESS_FROM_BYTES) {
      made.headers.set('Content-Length', String(length));
      return made;
    }
    if (!compressedAtOnce(made, length)) return made;
    markEncoded(made.headers, encoding);
    const packed = compressBytes(typeof data === 'string' ? Buffer.from(data) : data, encoding);
    // The compressed bytes as they are (a Buffer is a Uint8Array; only its type says ArrayBufferLike).
    return new Response(packed as Uint8Array<ArrayBuffer>, { status: made.status, headers: made.headers });
  };
  return Object.assign(compressing, { [TAKES_PARTS]: true }) as unknown as Body;
}

/**
 * An answer in parts with a 200 status, made whole (complete-answer.ts) when
 * it can be: compressed with `encoding` at once when it is text of 1 kB to
 * 256 kB (as compressingBody would), its headers given at once. Null when it
 * cannot be made whole, or when it is left to hono's compress.
 */
function wholeParts(
  c: Context,
  data: AnswerParts,
  encoding: Encoding | null,
  status: unknown,
  headers: unknown,
): Response | Promise<Response> | null {
  if (status !== 200 || !canComplete(c)) return null;
  const given = (headers ?? {}) as Record<string, string>;
  const length = data.byteLength;
  if (!encoding || length < COMPRESS_FROM_BYTES || !COMPRESSIBLE.test(given['Content-Type'] ?? ''))
    return completeAnswer(c, data.bytes(), given);
  if (length > COMPRESS_AT_ONCE_UP_TO) return null;
  const packed = { ...given, 'Content-Encoding': encoding };
  return thenMade(packedParts(data, encoding), (bytes) => completeAnswer(c, bytes, packed)!);
}

/**
 * An answer in parts compressed with `encoding`: a listing or search page,
 * while this thread is busy and the database idle, on the other core
 * (zstd-thread.ts); otherwise here, at once.
 */
function packedParts(data: AnswerParts, encoding: Encoding): Buffer | Promise<Buffer> {
  const offThread = encoding === 'zstd' ? zstdOffThread(data.parts, data.byteLength) : null;
  return offThread
    ? offThread.then((packed) => packed ?? compressParts(data, encoding))
    : compressParts(data, encoding);
}

/** `make` of the bytes, at once when they are there. */
const thenMade = (bytes: Buffer | Promise<Buffer>, make: (bytes: Buffer) => Response): Response | Promise<Response> =>
  bytes instanceof Promise ? bytes.then(make) : make(bytes);

/**
 * An answer in parts as c.body would answer its joined bytes: compressed from
 * its parts when this request's answer is compressed, joined otherwise.
 */
export function partsBody(
  c: Context,
  answer: AnswerParts,
  status: ContentfulStatusCode,
  headers?: Record<string, string>,
): Response | Promise<Response> {
  const body = c.body as Body & { [TAKES_PARTS]?: true };
  // A browser that takes no compression: the answer as it is, whole when it can be.
  if (!body[TAKES_PARTS] && status === 200) {
    const whole = completeAnswer(c, answer.bytes(), headers ?? {});
    if (whole) return whole;
  }
  if (body[TAKES_PARTS])
    return (body as unknown as (...args: unknown[]) => Response | Promise<Response>)(answer, status, headers);
  return c.body(answer.bytes(), status, headers);
}

/** The shop's compression (server.ts): every answer says it varies with Accept-Encoding. */
export function compression(): MiddlewareHandler {
  const streamed = compress();
  return async (c, next) => {
    // Vary is set before the handler runs: set afterwards with c.header() it
    // would copy the whole answer into a new Response.
    setOutgoing(c, VARY);
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (encoding) {
      const body = compressingBody(c, encoding);
      c.body = body;
      c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string>) =>
        (body as (...args: unknown[]) => Response)(JSON.stringify(object), arg, {
          'Content-Type': 'application/json',
          ...headers,
        })) as Context['json'];
    }
    await next();
    // An answer made whole by its handler (complete-answer.ts) is compressed already, or too short to be.
    if (!isComplete(c.res)) await streamed(c, async () => {});
  };
}

const VARY = { vary: 'Accept-Encoding' };
