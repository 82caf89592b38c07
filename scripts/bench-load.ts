// The load generator of bench:api: autocannon, keeping only the start of each
// answer's body, and the rule by which an answer counts as a business error.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// autocannon ships no types: the part of its API used here.
export interface LoadRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}
export interface LoadResult {
  requests: { average: number; total: number };
  /** Bytes read per second, headers included. */
  throughput: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
}
export type Setup = (req: LoadRequest, context: Record<string, unknown>) => LoadRequest;
export type OnResponse = (
  status: number,
  body: string,
  context: Record<string, unknown>,
  headers: Record<string, string>,
) => void;
export type Autocannon = (opts: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  requests: { setupRequest: Setup; onResponse?: OnResponse }[];
  verifyBody: (body: string) => boolean;
}) => Promise<LoadResult>;

/** How much of an answer's body autocannon keeps: enough for businessAnswer. */
export const BODY_KEPT = 32;

// autocannon keeps each answer's body as text, decoding every chunk as UTF-8 (its
// PipelinedRequestsQueue.addBody), though the bench reads only the body's first
// 17 characters (businessAnswer). A compressed answer is binary, and decoding a
// cart write's 3.7 kB answer took half of the generator's CPU per request (160 µs
// → 87 µs; docs/performance.md, twenty-third sitting): on this 2-core machine,
// CPU taken from the shop under test. The body kept is its first BODY_KEPT bytes.
{
  type Queue = { prototype: { peek(): { body: string } | undefined; addBody(data: Buffer): void } };
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as Queue;
  if (typeof queue.prototype.addBody !== 'function' || typeof queue.prototype.peek !== 'function')
    throw new Error('autocannon changed: PipelinedRequestsQueue has no addBody/peek to keep only the start of a body');
  queue.prototype.addBody = function (data) {
    const req = this.peek();
    if (req && req.body.length < BODY_KEPT)
      req.body += data.subarray(0, BODY_KEPT - req.body.length).toString('latin1');
  };
}

export const autocannon = require('autocannon') as Autocannon;

/**
 * Shoppers taken in turns by the requests of a call: a shopper has one request
 * in flight at a time, like one browser tab, so no two writes of a run share a
 * cart. autocannon ends a run without answering the requests still in flight:
 * their shoppers are let go when the run ends (runLoad), or they would stay
 * busy for every later run (a warm-up's, the mix's), whose writes would then
 * share carts and wait for each other's locks.
 */
export class ShopperTurns {
  readonly #busy = new Set<number>();
  readonly #count: number;

  constructor(count: number) {
    this.#count = count;
  }

  /** How many shoppers have a request in flight. */
  get busy(): number {
    return this.#busy.size;
  }

  /** A free shopper's index (any at random when none is free), held by this request's context until its answer. */
  take(context: Record<string, unknown>): number {
    const free = Array.from({ length: this.#count }, (_, i) => i).filter((i) => !this.#busy.has(i));
    const i = free.length ? free[Math.floor(Math.random() * free.length)]! : Math.floor(Math.random() * this.#count);
    this.#busy.add(i);
    context['shopper'] = i;
    return i;
  }

  /** The answer came (an onResponse): the request's shopper is free. */
  readonly release: OnResponse = (_status, _body, context) => this.letGo(context);

  /** The request's shopper is free, if it still holds one (also runLoad's `unanswered`). */
  readonly letGo = (context: Record<string, unknown>): void => {
    if (!('shopper' in context)) return;
    this.#busy.delete(context['shopper'] as number);
    delete context['shopper'];
  };
}

/** One run of autocannon; when it ends, `unanswered` gets each request's context whose answer did not come. */
export async function runLoad(
  opts: Parameters<Autocannon>[0],
  unanswered?: (context: Record<string, unknown>) => void,
): Promise<LoadResult> {
  if (!unanswered) return autocannon(opts);
  const contexts = new Set<Record<string, unknown>>();
  const result = await autocannon({
    ...opts,
    requests: opts.requests.map((request) => ({
      ...request,
      setupRequest: (req, context) => {
        contexts.add(context);
        return request.setupRequest(req, context);
      },
      onResponse: (status, body, context, headers) => {
        contexts.delete(context);
        request.onResponse?.(status, body, context, headers);
      },
    })),
  });
  for (const context of contexts) unanswered(context);
  return result;
}

/**
 * Whether an answer is not a business error. Those come as HTTP 200 with
 * responseCode ≠ 0 (DESIGN.md §3). An error's envelope is under 1 kB, which the
 * shop sends uncompressed (compression.ts); a compressed body (not JSON text) is
 * a successful answer.
 */
export const businessAnswer = (body: string): boolean =>
  String(body).startsWith('{"responseCode":0') || !String(body).startsWith('{');
