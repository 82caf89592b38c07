// The whole shop's handler (security headers, compression, API and site), as
// a browser meets it: an API answer is compressed when the browser accepts it,
// says it varies with Accept-Encoding once, and carries the security policy.
import { get } from 'node:http';
import { gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#src/server/config.ts';
import { createMailer } from '#src/server/mail/mailer.ts';
import { listen, shopHandler } from '#src/server/server.ts';
import { isSitePath } from '#src/server/site/static-site.ts';
import { createOrderEventHub } from '#src/server/services/order-events.ts';
import { createTestShop, type TestShop } from './harness.ts';

let shop: TestShop;
let handler: Awaited<ReturnType<typeof shopHandler>>;

beforeAll(async () => {
  shop = await createTestShop({ products: 60 });
  const db = shop.handle.db;
  const config = loadConfig({ ...process.env, DATABASE_URL: process.env['DATABASE_URL'], NODE_ENV: 'test' });
  handler = await shopHandler(
    { db, config, mailer: createMailer(db, undefined, 'test@spesa'), orderEvents: createOrderEventHub(shop.handle) },
    () => false,
  );
});
afterAll(async () => shop?.close());

describe('an API answer through the whole shop', () => {
  const path = '/cli/ecommerce/products/1109/?p=0&s=20';

  it('is gzip-compressed for a browser that accepts it, and reads back as the same JSON', async () => {
    const plain = await handler.request(path);
    const zipped = await handler.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    const body = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8'));
    expect(body).toEqual(await plain.json());
    expect(body.responseCode).toBe(0);
    expect(body.data.data).toHaveLength(20);
  });

  it('is zstd-compressed for Chromium and Firefox (gzip, deflate, br, zstd), an eighth of its size', async () => {
    const plain = await handler.request(path);
    const text = Buffer.from(await plain.arrayBuffer());
    const packed = await handler.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(packed.headers.get('Content-Encoding')).toBe('zstd');
    const bytes = Buffer.from(await packed.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(text.byteLength / 4);
    expect(zstdDecompressSync(bytes).equals(text)).toBe(true);
  });

  it('sends a short answer (under 1 kB) as it is, with its length, even to a browser that accepts compression', async () => {
    for (const [path, code] of [
      ['/cli/health', 0],
      ['/cli/ecommerce/products/barcode/0000000000000', 4030],
    ] as const) {
      const answer = await handler.request(path, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
      expect(answer.headers.get('Content-Encoding')).toBeNull();
      const text = await answer.text();
      expect(answer.headers.get('Content-Length')).toBe(String(Buffer.byteLength(text)));
      expect(JSON.parse(text).responseCode).toBe(code);
    }
  });

  it('says once that it varies with Accept-Encoding, and carries the security headers without the pages’ inline hashes', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'gzip' }]) {
      const answer = await handler.request(path, { headers });
      expect(answer.headers.get('Vary')).toBe('Accept-Encoding');
      expect(answer.headers.get('Cache-Control')).toBe('no-store');
      expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
      const csp = answer.headers.get('Content-Security-Policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain("'sha256-");
    }
  });
});

describe('an answer the catalogue cache keeps, through the whole shop', () => {
  // Kept compressed, it passes the shop's compression untouched: it must go out
  // with the very headers the middleware gives every other API answer.
  let kept: TestShop;
  let cached: Awaited<ReturnType<typeof shopHandler>>;
  beforeAll(async () => {
    kept = await createTestShop({ products: 60 });
    const db = kept.handle.db;
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: process.env['DATABASE_URL'],
      NODE_ENV: 'test',
      CATALOGUE_CACHE_ENTRIES: '1000',
    });
    cached = await shopHandler(
      { db, config, mailer: createMailer(db, undefined, 'test@spesa'), orderEvents: createOrderEventHub(kept.handle) },
      () => false,
    );
  });
  afterAll(async () => kept?.close());

  /** The headers every API answer shares: all but those of its own body (and the date). */
  const shared = (answer: Response) =>
    Object.fromEntries(
      [...answer.headers].filter(
        ([name]) =>
          !['content-length', 'content-encoding', 'content-type', 'x-cache', 'date', 'x-request-id'].includes(name),
      ),
    );

  it('goes out with the API’s headers, its length and its encoding, missed or hit, over HTTP or HTTPS', async () => {
    let size = 20;
    for (const forwarded of [{}, { 'X-Forwarded-Proto': 'https' }]) {
      // An answer of the API made the usual way: a product that is not there (responseCode 4030).
      const usual = await cached.request('/cli/ecommerce/products/barcode/0000000000000', { headers: forwarded });
      expect((await usual.json()).responseCode).toBe(4030);
      expect(usual.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
      expect(usual.headers.has('Strict-Transport-Security')).toBe('X-Forwarded-Proto' in forwarded);
      for (const [accepted, encoding] of [
        [undefined, null],
        ['gzip, deflate, br', 'gzip'],
        ['gzip, deflate, br, zstd', 'zstd'],
      ] as const) {
        const headers = { ...forwarded, ...(accepted ? { 'Accept-Encoding': accepted } : {}) };
        // A page size of its own for each case: its first call is a miss.
        const path = `/cli/ecommerce/products/1109/?p=0&s=${size++}`;
        const texts: string[] = [];
        for (const expected of ['MISS', 'HIT']) {
          const answer = await cached.request(path, { headers });
          expect(answer.status).toBe(200);
          expect(answer.headers.get('X-Cache')).toBe(expected);
          expect(answer.headers.get('Content-Type')).toBe('application/json');
          expect(answer.headers.get('Content-Encoding')).toBe(encoding);
          expect(shared(answer)).toEqual(shared(usual));
          const bytes = Buffer.from(await answer.arrayBuffer());
          expect(answer.headers.get('Content-Length')).toBe(String(bytes.byteLength));
          const text =
            encoding === 'zstd' ? zstdDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
          texts.push(text.toString('utf8'));
        }
        expect(texts[1]).toBe(texts[0]);
        expect(JSON.parse(texts[0]!).data.data).toHaveLength(size - 1);
      }
    }
  });

  it('goes out on the wire with the header names of any other answer, in lower case', async () => {
    const server = await listen(cached.fetch, 0, '127.0.0.1');
    const names = (path: string) =>
      new Promise<string[]>((resolve, reject) => {
        get(`${server.url}${path}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }, (answer) => {
          answer.resume();
          answer.on('end', () => resolve(answer.rawHeaders.filter((_, i) => i % 2 === 0)));
        }).on('error', reject);
      });
    try {
      const usual = await names('/cli/ecommerce/products/barcode/0000000000000');
      for (const expected of ['MISS', 'HIT']) {
        const kept = await names('/cli/ecommerce/products/1109/?p=1&s=20');
        expect(kept).toContain('x-cache');
        expect(kept).toContain('content-encoding');
        const own = kept.filter((name) => !['x-cache', 'content-encoding'].includes(name));
        expect(own.sort(), expected).toEqual([...usual].sort());
      }
    } finally {
      await server.close();
    }
  });
});

describe('errors through the whole shop', () => {
  it('answers a refused input in the envelope (400), with the API’s headers', async () => {
    const answer = await handler.request('/cli/ecommerce/products/1109/?p=due', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' },
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const body = await answer.json();
    expect(body.responseCode).not.toBe(0);
    expect(body.errorMessage).toBe('Richiesta non valida.');
  });

  it('runs the API’s own handlers: no route wrapped in a per-request compose of a sub-app’s error handler', () => {
    // hono marks such a wrapper with COMPOSED_HANDLER (hono/dist/utils/constants.js): one more
    // compose, promise and closures on every request, for each middleware and handler of the route.
    const wrapped = handler.routes.filter((r) => '__COMPOSED_HANDLER' in r.handler);
    expect(handler.routes.length).toBeGreaterThan(50);
    expect(wrapped.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('tells the site’s paths from the API’s', () => {
    for (const path of ['/', '/favicon.ico', '/app', '/app/', '/app/prodotti/latte/'])
      expect(isSitePath(path)).toBe(true);
    for (const path of ['/cli/health', '/media/x.png', '/dev/outbox', '/sandbox/pay', '/application'])
      expect(isSitePath(path)).toBe(false);
  });
});
