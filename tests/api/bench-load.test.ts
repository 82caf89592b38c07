// bench:api's load generator: autocannon tells business errors from answers,
// compressed or not.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zstdCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autocannon, businessAnswer, percentiles, runLoad, ShopperTurns } from '../../scripts/bench-load.ts';

const rows = Array.from({ length: 60 }, (_, i) => ({ id: i, description: `Pomodori pelati ${i}`, price: 0.89 }));
const answers: Record<string, { type: string; encoding?: string; body: Buffer }> = {
  '/ok': { type: 'application/json', body: Buffer.from(JSON.stringify({ responseCode: 0, data: { rows } })) },
  '/error': {
    type: 'application/json',
    body: Buffer.from(JSON.stringify({ responseCode: 4030, message: 'Prodotto non disponibile' })),
  },
  '/zstd': {
    type: 'application/json',
    encoding: 'zstd',
    body: zstdCompressSync(Buffer.from(JSON.stringify({ responseCode: 0, data: { rows } }))),
  },
};

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/late') {
      // Answered 4 ms later: a latency with a fraction of a millisecond.
      setTimeout(() => res.end('{"responseCode":0}'), 4);
      return;
    }
    if (req.url === '/missing') {
      res.writeHead(404).end();
      return;
    }
    if (req.url === '/slow') {
      // Answered after the run's end: autocannon stops without its answer.
      setTimeout(() => res.end('{"responseCode":0}'), 400);
      return;
    }
    const answer = answers[req.url ?? '']!;
    res.writeHead(200, {
      'Content-Type': answer.type,
      'Content-Length': answer.body.byteLength,
      ...(answer.encoding ? { 'Content-Encoding': answer.encoding } : {}),
    });
    res.end(answer.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe('bench:api load generator', () => {
  it('counts each business error once, compressed answers as answers', async () => {
    const kept: Record<string, string[]> = { '/ok': [], '/error': [], '/zstd': [] };
    const request = (path: string) => ({
      setupRequest: (req: { method: string; path: string; headers: Record<string, string> }) => ({
        ...req,
        method: 'GET',
        path,
      }),
      onResponse: (_status: number, body: string) => {
        kept[path]!.push(body);
      },
    });
    const result = await autocannon({
      url,
      connections: 1,
      amount: 30,
      requests: [request('/ok'), request('/error'), request('/zstd')],
      verifyBody: businessAnswer,
    });
    expect(result.requests.total).toBe(30);
    expect(result.non2xx + result.errors + result.timeouts).toBe(0);
    expect(result.mismatches).toBe(10);
    expect(Object.values(kept).map((bodies) => bodies.length)).toEqual([10, 10, 10]);
    expect(kept['/ok']![0]).toBe(answers['/ok']!.body.toString());
    expect(kept['/error']![0]!.startsWith('{"responseCode":4030')).toBe(true);
    expect(kept['/zstd']![0]!.startsWith('{')).toBe(false);
  });

  it('lets go of the shoppers of requests a run left unanswered, so the next run finds them free', async () => {
    const slowRun = (turns: ShopperTurns, letGo: boolean) => {
      const taken: number[] = [];
      const opts = {
        url,
        connections: 3,
        duration: 0.2,
        requests: [
          {
            setupRequest: (
              req: { method: string; path: string; headers: Record<string, string> },
              context: Record<string, unknown>,
            ) => {
              taken.push(turns.take(context));
              return { ...req, method: 'GET', path: '/slow' };
            },
            onResponse: turns.release,
          },
        ],
        verifyBody: businessAnswer,
      };
      return (letGo ? runLoad(opts, (context) => turns.letGo(context)) : runLoad(opts)).then(() => taken);
    };
    // Without letting go, the three requests in flight at the end keep their shoppers busy.
    const kept = new ShopperTurns(4);
    expect((await slowRun(kept, false)).length).toBeGreaterThanOrEqual(3);
    expect(kept.busy).toBe(3);
    const turns = new ShopperTurns(4);
    await slowRun(turns, true);
    expect(turns.busy).toBe(0);
    // The next run's first requests, one per connection, each hold a shopper of their own.
    const next = await slowRun(turns, true);
    expect(new Set(next.slice(0, 3)).size).toBe(3);
    expect(turns.busy).toBe(0);
  });

  it('gives the percentiles of the answers as timed, fractions of a millisecond kept, 2xx answers only', async () => {
    const path = (to: string) => ({
      setupRequest: (req: { method: string; path: string; headers: Record<string, string> }) => ({
        ...req,
        method: 'GET',
        path: to,
      }),
    });
    const result = await runLoad({
      url,
      connections: 2,
      amount: 60,
      requests: [path('/late'), path('/missing')],
      verifyBody: businessAnswer,
    });
    expect(result.non2xx).toBe(30);
    expect(result.exact.answers).toBe(30);
    // The answers' own latencies, ascending, for runs pooled together.
    expect(result.latencies.length).toBe(30);
    expect([...result.latencies]).toEqual([...result.latencies].sort((a, b) => a - b));
    expect(percentiles(result.latencies)).toEqual({ p50: result.exact.p50, p99: result.exact.p99 });
    // Each answer waited its 4 ms timer (Node's timers may fire up to a millisecond early).
    expect(result.exact.p50).toBeGreaterThanOrEqual(3);
    expect(result.exact.p99).toBeGreaterThanOrEqual(result.exact.p50);
    expect(Number.isInteger(result.exact.p50) && Number.isInteger(result.exact.p99)).toBe(false);
  });

  it('takes the nearest rank as a percentile', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i + 0.5);
    expect(percentiles(hundred)).toEqual({ p50: 50.5, p99: 99.5 });
    expect(percentiles([2.25])).toEqual({ p50: 2.25, p99: 2.25 });
    expect(percentiles([1, 3])).toEqual({ p50: 1, p99: 3 });
    expect(percentiles([])).toEqual({ p50: 0, p99: 0 });
  });

  it('takes an envelope with responseCode 0, or a body that is not JSON text, as an answer', () => {
    expect(businessAnswer('{"responseCode":0,"data":[]}')).toBe(true);
    expect(businessAnswer('{"responseCode":4030,"message":"x"}')).toBe(false);
    expect(businessAnswer('(\u00b5/\u00fd binary')).toBe(true);
  });
});
