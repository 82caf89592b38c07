// Answers travel compressed when the browser accepts it, on node:zlib's public
// API. An answer of 1 kB to 256 kB is compressed at once at the fastest level
// (zstd, else gzip, else brotli: tens of microseconds for a 30 kB page of
// products, an eighth of its size); a bigger one (the catalogue export's
// pages, read by the site build) is compressed on libuv's threads so that it
// never holds the other shoppers' calls up; a shorter one goes as it is.
// The API's JSON is compressed as it is made (bytesAnswer): reading an answer
// back out of a Response costs more than compressing it (/cli/health went from
// 21,000 to 5,000 answers a second). The middleware compresses what else the
// server makes in memory, and leaves alone an answer that says its encoding
// (the site's files compressed at build, the catalogue cache's kept answers)
// or a length under the threshold.
import { promisify } from 'node:util';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  zstdCompress,
  zstdCompressSync,
} from 'node:zlib';

export type Encoding = 'zstd' | 'gzip' | 'br';

/** Below this many bytes an answer is sent as it is: compressing it saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;
/** Above this, an answer is compressed off the main thread. */
const COMPRESS_AT_ONCE_UP_TO = 256 * 1024;

/** In the shop's order of preference: zstd is the fastest and smallest, gzip every browser reads. */
const PREFERRED: Encoding[] = ['zstd', 'gzip', 'br'];

/** Text types worth compressing (images other than SVG, fonts and archives are compressed already). */
const COMPRESSIBLE = /^(application\/(json|javascript|xml|manifest\+json)|text\/|image\/svg\+xml)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** A stream of server-sent events never ends: reading it whole would hold it forever, and each event must leave at once. */
const EVENT_STREAM = /^text\/event-stream/i;

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

/**
 * Each encoding at its fastest level. zstd and brotli are told the input's size: they then size
 * their tables to it (a 22 kB listing page in 37 µs instead of 51 with zstd, 30 instead of 33 with brotli).
 */
const fastest = {
  zstd: (size: number) => ({ pledgedSrcSize: size, params: { [constants.ZSTD_c_compressionLevel]: 1 } }),
  gzip: () => ({ level: 1 }),
  br: (size: number) => ({
    params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: size },
  }),
};

/** The bytes compressed with `encoding` at its fastest level, at once. */
export function compressBytes(bytes: Uint8Array, encoding: Encoding): Buffer {
  const size = bytes.byteLength;
  if (encoding === 'zstd') return zstdCompressSync(bytes, fastest.zstd(size));
  if (encoding === 'gzip') return gzipSync(bytes, fastest.gzip());
  return brotliCompressSync(bytes, fastest.br(size));
}

const zstdLater = promisify(zstdCompress);
const gzipLater = promisify(gzip);
const brotliLater = promisify(brotliCompress);

/** The bytes compressed with `encoding` at its fastest level, on libuv's threads. */
function compressLater(bytes: Uint8Array, encoding: Encoding): Promise<Buffer> {
  const size = bytes.byteLength;
  if (encoding === 'zstd') return zstdLater(bytes, fastest.zstd(size));
  if (encoding === 'gzip') return gzipLater(bytes, fastest.gzip());
  return brotliLater(bytes, fastest.br(size));
}

/**
 * An answer made of bytes, compressed with the encoding the browser takes best
 * when it is text of 1 kB to 256 kB, with its length stated either way.
 */
export function bytesAnswer(
  c: Context,
  bytes: Uint8Array,
  status: ContentfulStatusCode,
  headers: Record<string, string>,
): Response {
  const length = bytes.byteLength;
  const encoding =
    length >= COMPRESS_FROM_BYTES &&
    length <= COMPRESS_AT_ONCE_UP_TO &&
    COMPRESSIBLE.test(headers['Content-Type'] ?? '')
      ? chooseEncoding(c.req.header('Accept-Encoding'))
      : null;
  const body = encoding ? compressBytes(bytes, encoding) : bytes;
  const sent: Record<string, string> = { ...headers, 'Content-Length': String(body.byteLength) };
  if (encoding) sent['Content-Encoding'] = encoding;
  return c.body(body as Uint8Array<ArrayBuffer>, status, sent);
}

/** The shop's compression (server.ts): every answer says it varies with Accept-Encoding. */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    // Headers only: reading the body or its stream would make the server build the whole answer again.
    // Said once: the site's file server says it already of its gzip copies.
    if (!/accept-encoding/i.test(answer.headers.get('Vary') ?? '')) answer.headers.append('Vary', 'Accept-Encoding');
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const stated = answer.headers.get('Content-Length');
    if (
      !encoding ||
      answer.status === 204 ||
      answer.status === 206 ||
      answer.status === 304 ||
      c.req.method === 'HEAD' ||
      (stated !== null && Number(stated) < COMPRESS_FROM_BYTES) ||
      answer.headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(answer.headers.get('Content-Type') ?? '') ||
      EVENT_STREAM.test(answer.headers.get('Content-Type') ?? '') ||
      NO_TRANSFORM.test(answer.headers.get('Cache-Control') ?? '')
    )
      return;
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const length = bytes.byteLength;
    const packed =
      length < COMPRESS_FROM_BYTES
        ? null
        : length > COMPRESS_AT_ONCE_UP_TO
          ? await compressLater(bytes, encoding)
          : compressBytes(bytes, encoding);
    const headers = new Headers(answer.headers);
    if (packed) {
      headers.set('Content-Encoding', encoding);
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    headers.set('Content-Length', String((packed ?? bytes).byteLength));
    // A new answer, not c.res's setter: that one would copy the old headers onto it again.
    c.res = undefined;
    c.res = new Response((packed ?? bytes) as Uint8Array<ArrayBuffer>, { status: answer.status, headers });
  };
}
