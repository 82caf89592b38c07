import { gunzipSync, gzipSync, zstdDecompressSync, brotliDecompressSync } from 'node:zlib';
import { get } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressBytes, compression } from './compression.ts';

describe('chooseEncoding', () => {
  it('answers Chromium and Firefox with zstd, Safari with gzip', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('zstd');
    expect(chooseEncoding('gzip, deflate, br')).toBe('gzip');
  });

  it('follows the browser’s ratings: a refused encoding (q=0) is never used, a higher q wins', () => {
    expect(chooseEncoding('zstd;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, br;q=0.9')).toBe('br');
    expect(chooseEncoding('br')).toBe('br');
    expect(chooseEncoding('*')).toBe('zstd');
    expect(chooseEncoding('*, zstd;q=0')).toBe('gzip');
  });

  it('compresses nothing for a browser that accepts none of them', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('gzip;q=0')).toBeNull();
  });
});

describe('compressBytes', () => {
  const text = Buffer.from(
    JSON.stringify({ responseCode: 0, data: Array.from({ length: 200 }, (_, i) => `Pomodori pelati ${i} · 1,29 €`) }),
  );

  it('gives bytes each browser decoder reads back as the same text, several times smaller', () => {
    for (const [encoding, decode] of [
      ['zstd', zstdDecompressSync],
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const packed = compressBytes(text, encoding);
      expect(decode(packed).equals(text)).toBe(true);
      expect(packed.byteLength).toBeLessThan(text.byteLength / 4);
    }
  });
});

describe('compression() in a shop, over a real socket', () => {
  const app = new Hono();
  app.use(compression());
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ barcode: `80${i}`, description: `Passata ${i} · €` }));
  app.get('/page', (c) => c.json({ responseCode: 0, data: rows(400) }));
  app.get('/export', (c) => c.json({ responseCode: 0, data: rows(20_000) }));
  app.get('/short', (c) => c.json({ responseCode: 0, data: 'ok' }));
  app.get('/kept', (c) =>
    c.body(gzipSync(JSON.stringify({ responseCode: 0, data: rows(400) })), 200, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    }),
  );
  app.get('/varies', (c) => c.json({ responseCode: 0, data: rows(400) }, 200, { Vary: 'Accept-Encoding' }));
  app.get('/tagged', (c) => c.json({ responseCode: 0, data: rows(400) }, 200, { ETag: '"v1"' }));
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((ready) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port;
        ready();
      });
    });
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** The raw answer: its headers as sent, and its body decompressed. */
  const asked = (path: string) =>
    new Promise<{ headers: Record<string, unknown>; rows: number }>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path, headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ headers: res.headers, rows: JSON.parse(gunzipSync(Buffer.concat(chunks)).toString()).data.length }),
        );
      }).on('error', reject);
    });

  it('compresses an answer of some kilobytes at once, and sends it with its length', async () => {
    const { headers, rows } = await asked('/page');
    expect(headers['content-encoding']).toBe('gzip');
    expect(Number(headers['content-length'])).toBeGreaterThan(0);
    expect(rows).toBe(400);
  });

  it('compresses an answer of megabytes off the main thread, and sends it whole with its length', async () => {
    const { headers, rows } = await asked('/export');
    expect(headers['content-encoding']).toBe('gzip');
    expect(Number(headers['content-length'])).toBeGreaterThan(0);
    expect(rows).toBe(20_000);
  });

  it('sends a short answer as it is, and says every answer varies with Accept-Encoding', async () => {
    const res = await app.request('/short', { headers: { 'Accept-Encoding': 'gzip, zstd' } });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await res.json()).toEqual({ responseCode: 0, data: 'ok' });
  });

  it('leaves an answer that says its encoding as it is, and one a browser takes plain', async () => {
    const kept = await app.request('/kept', { headers: { 'Accept-Encoding': 'zstd' } });
    expect(kept.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await kept.arrayBuffer())).toString()).data).toHaveLength(400);
    const plain = await app.request('/page', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect((await plain.json()).data).toHaveLength(400);
  });

  it('says Vary: Accept-Encoding once when the answer said it already', async () => {
    const res = await app.request('/varies', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
  });

  it('gives a compressed answer with an ETag a weak one, in every encoding', async () => {
    for (const [encoding, decode] of [
      ['zstd', zstdDecompressSync],
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const res = await app.request('/tagged', { headers: { 'Accept-Encoding': encoding } });
      expect(res.headers.get('Content-Encoding')).toBe(encoding);
      expect(res.headers.get('ETag')).toBe('W/"v1"');
      expect(JSON.parse(decode(Buffer.from(await res.arrayBuffer())).toString()).data).toHaveLength(400);
    }
  });
});
