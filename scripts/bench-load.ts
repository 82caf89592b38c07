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
  /** autocannon's percentiles, from its histogram: whole milliseconds. */
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
}
/** A run of runLoad: autocannon's result, and the percentiles of the same answers to the microsecond. */
export interface MeasuredLoad extends LoadResult {
  /** p50 and p99 (nearest rank) of the 2xx answers' latencies as timed, fractions kept, ms; 0 with no answer. */
  exact: { p50: number; p99: number; answers: number };
  /** Those latencies, ascending (ms): runs' answers pooled give the percentiles of several runs together. */
  latencies: Float64Array;
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
}) => Promise<LoadResult> & {
  /** Each answer as it comes: its status, bytes and latency in ms (process.hrtime, fractions kept). */
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
  ): void;
};

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

/**
 * One run of autocannon; when it ends, `unanswered` gets each request's context
 * whose answer did not come. Its result adds the percentiles of the answers'
 * latencies to the microsecond (`exact`): autocannon's histogram keeps whole
 * milliseconds, and a call answered in 2 ms gave a p99 of 2 or 3, a third apart,
 * by rounding alone (listing's cost growth on PostgreSQL read ×1.50 from p99s
 * of 2 and 3 ms). As in autocannon's histogram, only 2xx answers count.
 */
export async function runLoad(
  opts: Parameters<Autocannon>[0],
  unanswered?: (context: Record<string, unknown>) => void,
): Promise<MeasuredLoad> {
  const contexts = new Set<Record<string, unknown>>();
  const tracked = unanswered
    ? {
        ...opts,
        requests: opts.requests.map((request) => ({
          ...request,
          setupRequest: (req: LoadRequest, context: Record<string, unknown>) => {
            contexts.add(context);
            return request.setupRequest(req, context);
          },
          onResponse: (
            status: number,
            body: string,
            context: Record<string, unknown>,
            headers: Record<string, string>,
          ) => {
            contexts.delete(context);
            request.onResponse?.(status, body, context, headers);
          },
        })),
      }
    : opts;
  const times: number[] = [];
  const run = autocannon(tracked);
  run.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
  });
  const result = await run;
  if (unanswered) for (const context of contexts) unanswered(context);
  const latencies = Float64Array.from(times).sort();
  return { ...result, exact: { ...percentiles(latencies), answers: times.length }, latencies };
}

/** p50 and p99 of latencies by nearest rank (the smallest value with at least that share at or below it). */
export function percentiles(times: ArrayLike<number>): { p50: number; p99: number } {
  if (!times.length) return { p50: 0, p99: 0 };
  const sorted = Float64Array.from(times).sort();
  const rank = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { p50: rank(50), p99: rank(99) };
}

/**
 * Whether an answer is not a business error. Those come as HTTP 200 with
 * responseCode ≠ 0 (docs/architecture.md §3). An error's envelope is under
 * 1 kB, which the shop sends uncompressed (compression.ts); a compressed body
 * (not JSON text) is a successful answer.
 */
export const businessAnswer = (body: string): boolean =>
  String(body).startsWith('{"responseCode":0') || !String(body).startsWith('{');
