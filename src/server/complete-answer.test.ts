// An answer made whole carries the middleware's outgoing headers and the
// handler's own; a header set on the context that is not an outgoing one keeps
// the answer from being made whole, so it is never lost.
import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import { addOutgoing, completeAnswer, isComplete, watchHeaders } from './complete-answer.ts';

const bytes = Buffer.from('{"responseCode":0}');

function shop(handler: (c: Context) => Response | Promise<Response>) {
  const made: Response[] = [];
  const app = new Hono();
  app.use(async (c, next) => {
    addOutgoing(c, { 'x-content-type-options': 'nosniff' });
    watchHeaders(c);
    await next();
    made.push(c.res);
  });
  app.use(async (c, next) => {
    addOutgoing(c, { 'cache-control': 'no-store' });
    c.header('Cache-Control', 'no-store');
    await next();
  });
  app.get('/', handler);
  return { app, made };
}

const whole = (c: Context) =>
  completeAnswer(c, bytes, { 'Content-Type': 'application/json' }) ??
  c.body(bytes, 200, { 'Content-Type': 'application/json' });

describe('completeAnswer', () => {
  it('makes the answer whole: the outgoing headers, the handler’s, and its length', async () => {
    const { app, made } = shop(whole);
    const answer = await app.request('/');
    expect(isComplete(made[0]!)).toBe(true);
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('Content-Type')).toBe('application/json');
    expect(answer.headers.get('Content-Length')).toBe(String(bytes.byteLength));
    expect(await answer.text()).toBe('{"responseCode":0}');
  });

  it('is not made whole once the handler set a header of its own, which the answer then keeps', async () => {
    for (const [name, value, append] of [
      ['X-Own', 'si', false],
      ['Cache-Control', 'private', false],
      ['Set-Cookie', 'a=1', true],
    ] as const) {
      const { app, made } = shop((c) => {
        c.header(name, value, { append });
        return whole(c);
      });
      const answer = await app.request('/');
      expect(isComplete(made[0]!)).toBe(false);
      expect(answer.headers.get(name)).toBe(value);
      expect(answer.headers.get('Content-Type')).toBe('application/json');
    }
  });

  it('is null without the shop’s middleware (the API alone)', async () => {
    const app = new Hono();
    let made: Response | null = null;
    app.get('/', (c) => {
      made = completeAnswer(c, bytes, {});
      return c.body(bytes);
    });
    await app.request('/');
    expect(made).toBeNull();
  });
});
