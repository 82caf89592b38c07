// A request body over 256 kB is refused with 413 and the envelope on every
// route: the API, the provider sandbox's callbacks and the development outbox.
// Over a socket, a body of a stated length is judged by its Content-Length and
// a chunked body by counting it: both are tried through a listening server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '#src/server/server.ts';
import { ErrorCode } from '#src/shared/contract/errors.ts';
import { createTestShop } from './harness.ts';

let shop: Awaited<ReturnType<typeof createTestShop>>;
let server: RunningServer;
beforeAll(async () => {
  shop = await createTestShop({ products: 50 });
  server = await listen(shop.app.fetch, 0, '127.0.0.1');
});
afterAll(async () => {
  await server.close();
  await shop.close();
});

/** A body sent in chunks (Transfer-Encoding: chunked, no Content-Length). */
const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let at = 0; at < bytes.length; at += 16 * 1024) controller.enqueue(bytes.subarray(at, at + 16 * 1024));
      controller.close();
    },
  });
const login = JSON.stringify({ username: 'a@example.it', password: 'Orecchiette1!' });

describe('oversized bodies', () => {
  const big = JSON.stringify({ username: 'a@example.it', password: 'x'.repeat(300 * 1024) });
  for (const path of [
    '/cli/profiles/login',
    '/cli/ecommerce/cart/store',
    '/cli/pay/ipg/notify',
    '/sandbox/ipg/connect/gateway/processing',
    '/dev/outbox',
  ]) {
    it(`answers 413 'Richiesta troppo grande.' on POST ${path}`, async () => {
      const res = await shop.app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: big,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        responseCode: 4000,
        errorMessage: 'Richiesta troppo grande.',
        requestId: res.headers.get('x-request-id'),
      });
    });
  }

  it('still takes a body under the limit', async () => {
    const res = await shop.app.request('/cli/profiles/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: login,
    });
    expect(res.status).toBe(200);
  });

  describe('over a socket', () => {
    const post = (body: string | ReadableStream<Uint8Array>) =>
      fetch(`${server.url}/cli/ecommerce/cart/store`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);

    it('refuses a body whose Content-Length is over the limit', async () => {
      const res = await post(big);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        responseCode: 4000,
        errorMessage: 'Richiesta troppo grande.',
        requestId: res.headers.get('x-request-id'),
      });
    });

    it('refuses a chunked body over the limit', async () => {
      const res = await post(chunked(big));
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        responseCode: 4000,
        errorMessage: 'Richiesta troppo grande.',
        requestId: res.headers.get('x-request-id'),
      });
    });

    it('reads a body under the limit, of a stated length or chunked', async () => {
      for (const body of [login, chunked(login)]) {
        const res = await fetch(`${server.url}/cli/profiles/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          duplex: 'half',
        } as RequestInit);
        expect(res.status).toBe(200);
        // The body was read: the login is judged on its fields (no such customer), not refused as unreadable.
        expect((await res.json()).responseCode).toBe(ErrorCode.BAD_CREDENTIALS);
      }
    });
  });
});

// Issue 65: a small body of nested arrays cost the API's thread 70-1,000 ms (a walk copying its
// path at each level) and, past the stack, answered 500. Judged on its text, before any parse.
describe('bodies nested past the limit', () => {
  const nested = (depth: number) => `{"username":${'['.repeat(depth)}${']'.repeat(depth)},"password":"x"}`;
  for (const path of ['/cli/profiles/login', '/cli/profiles/signup', '/cli/profiles/password']) {
    it(`answers 400 / 4000 on POST ${path}, at depth 33, 6,000 and 20,000`, async () => {
      for (const depth of [33, 6000, 20_000]) {
        const res = await shop.app.request(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.9' },
          body: nested(depth),
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({
          responseCode: 4000,
          errorMessage: 'Richiesta non valida.',
          issues: [{ path: '', message: 'Il corpo della richiesta ha più di 32 livelli annidati.' }],
          requestId: res.headers.get('x-request-id'),
        });
      }
    });
  }

  it('leaves a well-formed login after them judged on its fields', async () => {
    const res = await shop.app.request('/cli/profiles/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: login,
    });
    expect((await res.json()).responseCode).toBe(ErrorCode.BAD_CREDENTIALS);
  });
});
